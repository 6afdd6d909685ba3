import { englishText } from '../../texts';
import type { RunScore, StoredTrial, TrialExclusions } from '../contract';
import type { CellAggregate } from '../shared/report-cells';
import { mean, median, ratio, sampleSd } from '../shared/statistics';
import { TOO_FAST } from '../shared/time-floors';
import { type Config, resolveConfig, type Variant } from './config';
import { isTooFast } from './plausibility';
import type { Trial } from './trial';

/**
 * The scores are computed by this version of the rules (test_results.scoring_version). Version
 * 3: a timeout counts in the speed scores (meanSpeed, the fastest and slowest 10 % and their RT,
 * speedSlopePerMinute) at the speed of the timeout, 1000 / maxRtMs (Basner & Dinges, 2011:
 * response speed over every stimulus); versions 1 and 2 left timeouts out of them. Version 2: a
 * response under RESPONSE_FLOOR_MS that a false-start threshold set lower did not make a
 * false start ('tooFast', ADR 036) is left out of the RT scores and the report cells' RT;
 * version 1 scored it. Without a timeout versions 2 and 3 give the same scores, and at the
 * default false-start threshold versions 1 and 2 do.
 */
export const SCORING_VERSION = 3;

/**
 * Where each variant's foreperiods are split into short and long for the report: the middle of
 * its standard range (2-10 s, 2-5 s), ms. Read from the trial's variant, so a run whose range was
 * set otherwise is still split there.
 */
export const FOREPERIOD_SPLIT_MS: Record<Variant, number> = {
  'PVT-10': 6000,
  'PVT-B': 3500,
};

/**
 * The report cells: test trials by variant, and by foreperiod under the variant's split or not
 * (responses after short foreperiods are slower and more variable; Matthews et al., 2015). The
 * variants are kept apart: their foreperiods, and so their reaction times, differ.
 */
export const REPORT_CELLS = [
  {
    key: 'pvt10Short',
    label: englishText(
      /*i18n*/ { id: 'tasks.pvtTest.cellPvt10Short', message: 'PVT-10, foreperiod under 6 s' },
    ),
  },
  {
    key: 'pvt10Long',
    label: englishText(
      /*i18n*/ { id: 'tasks.pvtTest.cellPvt10Long', message: 'PVT-10, foreperiod 6 s or longer' },
    ),
  },
  {
    key: 'pvtBShort',
    label: englishText(
      /*i18n*/ { id: 'tasks.pvtTest.cellPvtBShort', message: 'PVT-B, foreperiod under 3.5 s' },
    ),
  },
  {
    key: 'pvtBLong',
    label: englishText(
      /*i18n*/ { id: 'tasks.pvtTest.cellPvtBLong', message: 'PVT-B, foreperiod 3.5 s or longer' },
    ),
  },
] as const;
export type ReportCell = (typeof REPORT_CELLS)[number]['key'];

/** More false starts than this in the test flag the run. */
export const FALSE_START_FLAG_ABOVE = 10;

/**
 * The PVT's own scores (scoring versions 1 to 3: the same scores), stored in
 * `test_results.scores`. Test trials only. Times are ms, speeds s⁻¹ (1000 / RT in ms), rates
 * proportions (0-1); a score whose denominator is 0 is null. The speed scores are over the
 * stimuli with a speed: the scored RTs, and each timeout at 1000 / maxRtMs (version 3; versions 1
 * and 2 over the scored RTs only). docs/scoring/pvt.md gives every formula.
 */
export type Scores = {
  /** What the scores mean depends on these: stored with them. */
  variant: Variant;
  lapseThresholdMs: number;
  falseStartThresholdMs: number;
  durationS: number;
  /**
   * Counters that count as stimuli: valid responses, lapses by reaction time and timeouts, on
   * trials not interrupted (a response under the false-start threshold is a false start).
   */
  stimuli: number;
  /** Mean and median of the scored RTs: responses at or above the false-start threshold. */
  meanRtMs: number | null;
  medianRtMs: number | null;
  /** Mean of 1000 / RT over the scored RTs and the timeouts (at the timeout): response speed, s⁻¹. */
  meanSpeed: number | null;
  /** RTs at or above the lapse threshold, plus timeouts. */
  lapses: number;
  /** lapses / stimuli. */
  lapseRate: number | null;
  /** Presses before a counter, plus responses under the false-start threshold. */
  falseStarts: number;
  /**
   * Mean 1000 / RT of the fastest and of the slowest k of the n scored RTs and timeouts (a timeout
   * at the timeout), k = max(1, round(n / 10)).
   */
  fastest10PercentSpeed: number | null;
  slowest10PercentSpeed: number | null;
  /** Mean RT of those fastest k, ms (a timeout among them at the timeout). */
  fastest10PercentRtMs: number | null;
  /** Sample SD (n - 1) of the scored RTs; null under two. */
  sdRtMs: number | null;
  /** sdRtMs / meanRtMs. */
  cvRt: number | null;
  /**
   * 1 - (lapses + false starts) / (stimuli + false starts): the performance score of Basner,
   * Mollicone & Dinges, 1 without a lapse or false start, 0 with only those.
   */
  performanceScore: number | null;
  /**
   * OLS slope of 1000 / RT (a timeout at the timeout) against time on task (minutes), s⁻¹ per
   * minute: the decrement.
   */
  speedSlopePerMinute: number | null;
  counts: {
    valid: number;
    /** Responses at or above the lapse threshold (lapses without the timeouts). */
    slowResponses: number;
    timeouts: number;
    /** Presses before a counter, which restarted their trial. */
    falseStartsBeforeCounter: number;
    /** Responses under the false-start threshold. */
    falseStartResponses: number;
    /** Presses that were neither a response nor a false start. */
    extraResponses: number;
    /**
     * Test trials during which the page lost focus or was hidden, or whose counter came more
     * than 100 ms off its due time: left out of every other score.
     */
    interrupted: number;
    /** Test trials that began a resumed run. */
    resumed: number;
  };
  habituation: { trials: number; falseStarts: number };
  /** Quality checks: each true when the run fails it. */
  qcFlags: {
    /** More than 10 false starts in the test. */
    falseStartsAbove10: boolean;
    /** A test trial was interrupted (counts.interrupted). */
    pageInterrupted: boolean;
  };
};

/** The fields of a stored trial that scoring reads. */
export type ScoredTrial = Pick<
  StoredTrial<Trial>,
  | 'phase'
  | 'trialNumber'
  | 'variant'
  | 'type'
  | 'reactionTime'
  | 'foreperiodMs'
  | 'nFalseStarts'
  | 'elapsedMs'
  | 'resumed'
  | 'nExtraResponses'
> & {
  /** Absent means 0, as in a trial the browser sends. */
  block?: number;
  timing: { wasInterrupted: boolean } | null;
};

/** The report cell of a test trial: its variant, and its foreperiod under the variant's split or not. */
export function reportCellOf(trial: {
  phase: string;
  variant: Variant;
  foreperiodMs: number;
}): ReportCell | null {
  if (trial.phase !== 'test') return null;
  const isShort = trial.foreperiodMs < FOREPERIOD_SPLIT_MS[trial.variant];
  if (trial.variant === 'PVT-B') return isShort ? 'pvtBShort' : 'pvtBLong';
  return isShort ? 'pvt10Short' : 'pvt10Long';
}

/** Was the trial interrupted (the page hidden or left, or its counter off its due time)? */
const isInterrupted = (trial: ScoredTrial) => trial.timing?.wasInterrupted === true;

/**
 * A trial whose reaction time is scored: a response at or above the false-start threshold, and
 * not under the floor (isTooFast).
 */
function hasScoredRt(trial: ScoredTrial): trial is ScoredTrial & { reactionTime: number } {
  return (
    trial.reactionTime !== null &&
    (trial.type === 'valid' || trial.type === 'lapse') &&
    !isTooFast(trial)
  );
}

const speedOf = (rtMs: number) => 1000 / rtMs;

/**
 * The RT a stimulus has in the speed scores, ms: its scored RT, or the timeout for a timeout
 * (Basner & Dinges, 2011: response speed over every stimulus, a timeout at the timeout's 1/RT);
 * null for a trial with no speed (a false start, a response under the floor).
 */
function speedRtOf(trial: ScoredTrial, maxRtMs: number): number | null {
  if (trial.type === 'timeout') return maxRtMs;
  return hasScoredRt(trial) ? trial.reactionTime : null;
}

/** The mean speed and mean RT of the fastest and slowest k of `rts`, k = max(1, round(n / 10)). */
function tenPercent(rts: readonly number[]) {
  if (rts.length === 0) return { fastestSpeed: null, slowestSpeed: null, fastestRtMs: null };
  const sorted = [...rts].sort((a, b) => a - b);
  const k = Math.max(1, Math.round(sorted.length / 10));
  const fastest = sorted.slice(0, k);
  const slowest = sorted.slice(-k);
  return {
    fastestSpeed: mean(fastest.map(speedOf)),
    slowestSpeed: mean(slowest.map(speedOf)),
    fastestRtMs: mean(fastest),
  };
}

/** Least-squares slope of y on x; null under two points or when every x is the same. */
function olsSlope(points: readonly { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const mx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const my = points.reduce((s, p) => s + p.y, 0) / points.length;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  return sxx === 0 ? null : sxy / sxx;
}

/**
 * A report cell of one run: its counters (trials not interrupted), the mean reaction time of its
 * valid responses, and the share of its counters without a valid response as its error rate.
 */
function aggregatePvtCell(trials: readonly ScoredTrial[]): CellAggregate {
  const valid = trials.filter((t) => t.type === 'valid');
  const rts = valid.flatMap((t) => (hasScoredRt(t) ? [t.reactionTime] : []));
  return {
    trialCount: trials.length,
    rtTrialCount: rts.length,
    meanRtMs: mean(rts),
    errorTrialCount: trials.length,
    errorRatePercent:
      trials.length === 0 ? null : ((trials.length - valid.length) / trials.length) * 100,
  };
}

/**
 * Why a test trial is left out of some scores: interrupted, a timeout, a false start, a response
 * under the floor (isTooFast).
 */
function exclusionsOf(trial: ScoredTrial): string[] {
  return [
    ...(isInterrupted(trial) ? ['interrupted'] : []),
    ...(trial.type === 'timeout' ? ['timeout'] : []),
    ...(trial.type === 'false_start' ? ['falseStart'] : []),
    ...(isTooFast(trial) ? [TOO_FAST] : []),
  ];
}

/**
 * A run's scores from its stored trials (every phase; only the test is scored). An interrupted
 * test trial is left out of every score (it is counted in counts.interrupted). The headline:
 * overallScore = floor(100 x performanceScore) (0 without a counter or false start), total
 * trials = every counter of the test, correct trials = its valid responses (interrupted or not,
 * as the envelope counts them), averageReactionTime = meanRtMs.
 */
export function score(config: Config, trials: readonly ScoredTrial[]): RunScore<Scores> {
  const params = resolveConfig(config);
  const test = trials.filter((t) => t.phase === 'test');
  const counted = test.filter((t) => !isInterrupted(t));
  const habituation = trials.filter((t) => t.phase === 'habituation');
  const scored = counted.filter(hasScoredRt);
  const rts = scored.map((t) => t.reactionTime);
  // The speed scores' stimuli: the scored RTs and the timeouts, each at its RT for speed.
  const paced = counted.flatMap((t) => {
    const rtMs = speedRtOf(t, params.maxRtMs);
    return rtMs === null ? [] : [{ rtMs, minute: t.elapsedMs / 60_000 }];
  });
  const speedRts = paced.map((p) => p.rtMs);
  const count = (type: Trial['type']) => counted.filter((t) => t.type === type).length;
  const valid = count('valid');
  const slowResponses = count('lapse');
  const timeouts = count('timeout');
  const falseStartResponses = count('false_start');
  const falseStartsBeforeCounter = counted.reduce((sum, t) => sum + t.nFalseStarts, 0);
  const stimuli = valid + slowResponses + timeouts;
  const lapses = slowResponses + timeouts;
  const falseStarts = falseStartsBeforeCounter + falseStartResponses;
  const meanRtMs = mean(rts);
  const sdRtMs = sampleSd(rts);
  const ten = tenPercent(speedRts);
  const interrupted = test.length - counted.length;
  // Every stimulus and every false start (before a counter or by its RT); failing: every lapse
  // and every false start.
  const denominator = stimuli + falseStarts;
  const failures = lapses + falseStarts;
  const scores: Scores = {
    variant: params.variant,
    lapseThresholdMs: params.lapseThresholdMs,
    falseStartThresholdMs: params.falseStartMs,
    durationS: params.durationMs / 1000,
    stimuli,
    meanRtMs,
    medianRtMs: median(rts),
    meanSpeed: mean(speedRts.map(speedOf)),
    lapses,
    lapseRate: ratio(lapses, stimuli),
    falseStarts,
    fastest10PercentSpeed: ten.fastestSpeed,
    slowest10PercentSpeed: ten.slowestSpeed,
    fastest10PercentRtMs: ten.fastestRtMs,
    sdRtMs,
    cvRt: sdRtMs !== null && meanRtMs ? sdRtMs / meanRtMs : null,
    performanceScore: denominator === 0 ? null : 1 - failures / denominator,
    speedSlopePerMinute: olsSlope(paced.map((p) => ({ x: p.minute, y: speedOf(p.rtMs) }))),
    counts: {
      valid,
      slowResponses,
      timeouts,
      falseStartsBeforeCounter,
      falseStartResponses,
      extraResponses: counted.reduce((sum, t) => sum + t.nExtraResponses, 0),
      interrupted,
      resumed: test.filter((t) => t.resumed).length,
    },
    habituation: {
      trials: habituation.length,
      falseStarts: habituation.reduce((sum, t) => sum + t.nFalseStarts, 0),
    },
    qcFlags: {
      falseStartsAbove10: falseStarts > FALSE_START_FLAG_ABOVE,
      pageInterrupted: interrupted > 0,
    },
  };
  // Every test trial, with what it is left out of (nothing for most).
  const trialExclusions: TrialExclusions[] = test.map((t) => ({
    phase: t.phase,
    block: t.block ?? 0,
    trialNumber: t.trialNumber,
    exclusions: exclusionsOf(t),
  }));
  return {
    // (denominator - failures) x 100 / denominator in one division: exact for whole percentages.
    overallScore:
      denominator === 0 ? 0 : Math.floor(((denominator - failures) * 100) / denominator),
    totalTrials: test.length,
    correctTrials: test.filter((t) => t.type === 'valid').length,
    averageReactionTime: meanRtMs,
    scores,
    reportCells: Object.fromEntries(
      REPORT_CELLS.map(({ key }) => [
        key,
        aggregatePvtCell(counted.filter((t) => reportCellOf(t) === key)),
      ]),
    ),
    trialExclusions,
  };
}
