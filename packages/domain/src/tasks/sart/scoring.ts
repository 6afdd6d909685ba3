import { englishText } from '../../texts';
import type { RunScore, StoredTrial, TrialExclusions } from '../contract';
import { balancedAccuracyHeadline } from '../shared/headline';
import { logLinearDPrime } from '../shared/normal';
import { aggregateCells } from '../shared/report-cells';
import { mean, median, ratio, sampleSd } from '../shared/statistics';
import { ANTICIPATION_MS, type Trial, VALID_RT_MS } from './trial';

/**
 * The scores are computed by this version of the rules (test_results.scoring_version). Version
 * 3: the scores of version 2, with every test trial's exclusions recorded (an empty list where
 * none applies, which the export shows as 'none'; ADR 038). Version 2: an anticipatory press
 * (RT < 100 ms) breaks a pre-error run, so pre-error speeding takes no RT under the floor
 * (ADR 036); version 1 took presses of any latency.
 */
export const SCORING_VERSION = 3;

/** The report cells: go digits and the no-go digit of the test. */
export const REPORT_CELLS = [
  { key: 'go', label: englishText(/*i18n*/ { id: 'tasks.sartTest.cellGo', message: 'Go digits' }) },
  {
    key: 'nogo',
    label: englishText(/*i18n*/ { id: 'tasks.sartTest.cellNogo', message: 'No-go digit' }),
  },
] as const;

/** How many correct go trials in a row before a no-go digit make a pre-error run. */
export const PRE_ERROR_RUN = 4;

/** Post-error slowing needs at least this many post-error trials or pairs; else it is null. */
export const MIN_PES_TRIALS = 3;

/** Pre-error speeding: go RTs just before commissions against those before withholds. */
export type PreErrorSpeeding = {
  /** Mean RT of the 4 correct go trials before each commission that has them; ms. */
  preCommissionRtMs: number | null;
  /** The same before each successful withhold. */
  preWithholdRtMs: number | null;
  /** preWithholdRtMs - preCommissionRtMs: positive when responses sped up before errors. */
  differenceMs: number | null;
  /** Commissions and withholds with an uninterrupted run of 4 correct go trials before them. */
  commissionRuns: number;
  withholdRuns: number;
};

/** Post-error slowing (Dutilh et al., 2012), over valid correct go trials. */
export type PostErrorSlowing = {
  /**
   * Traditional: mean RT of valid correct go trials right after a commission, minus that right
   * after a correct trial (a withhold or a correct go). Null under 3 post-error trials.
   */
  traditionalMs: number | null;
  postErrorTrials: number;
  postCorrectTrials: number;
  /**
   * Robust: the mean of RT(e + 1) - RT(e - 1) over the commissions e whose neighbours are both
   * valid correct go trials. Null under 3 pairs.
   */
  robustMs: number | null;
  pairs: number;
};

/**
 * The SART's own scores (scoring versions 1 and 2: the same scores), stored in `test_results.scores`. Test trials only.
 * Percentages are 0-100, times ms. A score whose denominator is 0 is null.
 * docs/scoring/sart.md gives every formula and exclusion.
 */
export type Scores = {
  /** No-go trials with a press (the SART errors). */
  commissions: number;
  /** commissions / no-go trials x 100: the primary measure. */
  commissionPercent: number | null;
  /** Go trials without a press. */
  omissions: number;
  /** omissions / go trials x 100. */
  omissionPercent: number | null;
  /** Go trials answered in under 100 ms. */
  anticipations: number;
  /** anticipations / go trials x 100. */
  anticipationPercent: number | null;
  /** Mean RT of the valid correct go trials: RT >= 200 ms, not interrupted. */
  meanGoRtMs: number | null;
  /** Median RT of the same trials. */
  medianGoRtMs: number | null;
  /** Sample SD (n - 1) of the same RTs; null under two. */
  sdGoRtMs: number | null;
  /** sdGoRtMs / meanGoRtMs: RT variability. */
  cvGoRt: number | null;
  /** Mean RT of every go trial answered (any latency, interrupted too): read by a QC flag. */
  meanAllGoRtMs: number | null;
  /** Mean RT of the commissions with RT >= 200 ms, not interrupted (descriptive). */
  meanCommissionRtMs: number | null;
  preErrorSpeeding: PreErrorSpeeding;
  postErrorSlowing: PostErrorSlowing;
  /**
   * d' with the log-linear correction (Hautus, 1995): Φ⁻¹((go answered + 0.5) / (go + 1)) -
   * Φ⁻¹((commissions + 0.5) / (no-go + 1)). Null without go or without no-go trials.
   */
  dPrime: number | null;
  /** The mean of the go success rate and the withhold rate (0-1): the headline's basis. */
  balancedAccuracy: number | null;
  counts: {
    goTrials: number;
    noGoTrials: number;
    /** Go trials answered. */
    goSuccesses: number;
    /** No-go trials withheld. */
    nogoSuccesses: number;
    /** Test responses (go and no-go) by latency type. */
    anticipatoryResponses: number;
    ambiguousResponses: number;
    validResponses: number;
    /** Presses after the first, summed over test trials. */
    extraResponses: number;
    /** Test trials during which the page lost focus or was hidden. */
    interrupted: number;
  };
  practice: {
    /** Practice trials saved (0: practice was off). */
    trials: number;
    correct: number;
  };
  /** Quality checks: each true when the run fails it. */
  qcFlags: {
    /** More than half the go digits unanswered: the participant stopped responding. */
    omissionRateAbove50Percent: boolean;
    /** Go responses faster than 200 ms on average (meanAllGoRtMs). */
    meanGoRtBelow200: boolean;
    /** Every no-go digit pressed, no go digit missed, and over 20 % of go presses anticipatory. */
    indiscriminatePressing: boolean;
  };
};

/** The fields of a stored trial that scoring reads. */
export type ScoredTrial = Pick<
  StoredTrial<Trial>,
  | 'phase'
  | 'trialNumber'
  | 'isNogo'
  | 'responded'
  | 'reactionTime'
  | 'isCorrect'
  | 'nExtraResponses'
> & {
  /** Absent means 0, as in a trial the browser sends. */
  block?: number;
  timing: { wasInterrupted: boolean } | null;
};

type Rt = { reactionTime: number };

/** Why a response's RT is left out of the RT scores: it is not valid, or the page lost focus. */
export type RtExclusion = 'anticipation' | 'ambiguous' | 'interrupted';

/** The reasons a trial's RT is left out of the RT scores; none without a response. */
function rtExclusions(trial: ScoredTrial): RtExclusion[] {
  if (trial.reactionTime === null) return [];
  const exclusions: RtExclusion[] = [];
  if (trial.reactionTime < ANTICIPATION_MS) exclusions.push('anticipation');
  else if (trial.reactionTime < VALID_RT_MS) exclusions.push('ambiguous');
  if (trial.timing?.wasInterrupted) exclusions.push('interrupted');
  return exclusions;
}

/** A response with an RT the RT scores take: at least 200 ms, on a page that kept focus. */
const hasValidRt = (trial: ScoredTrial): trial is ScoredTrial & Rt =>
  trial.responded && trial.reactionTime !== null && rtExclusions(trial).length === 0;

/** A go trial answered with a valid RT. */
const isValidCorrectGo = (trial: ScoredTrial | undefined): trial is ScoredTrial & Rt =>
  trial !== undefined && !trial.isNogo && hasValidRt(trial);

/** What a pre-error run reads of a trial. */
type RunTrial = Pick<
  ScoredTrial,
  'phase' | 'trialNumber' | 'isNogo' | 'responded' | 'reactionTime'
>;

/** A go trial pressed for, not in anticipation (ambiguous and interrupted presses count). */
const isCorrectGo = (trial: RunTrial | undefined): trial is RunTrial & Rt =>
  trial !== undefined &&
  !trial.isNogo &&
  trial.responded &&
  trial.reactionTime !== null &&
  trial.reactionTime >= ANTICIPATION_MS;

const isCommission = (trial: ScoredTrial) => trial.isNogo && trial.responded;

const rtsOf = (trials: readonly Rt[]) => trials.map((t) => t.reactionTime);

/**
 * The RTs of the PRE_ERROR_RUN trials before trial `at` when they are all correct go
 * trials pressed at or above the anticipation floor, so that no no-go digit, omission,
 * anticipation or missing trial breaks the run; null otherwise.
 */
function preRunRts(byNumber: readonly (RunTrial | undefined)[], at: number): number[] | null {
  if (at < PRE_ERROR_RUN) return null;
  const rts: number[] = [];
  // By index, not with every(): a trial not saved is a hole, which every() would skip.
  for (let i = at - PRE_ERROR_RUN; i < at; i++) {
    const trial = byNumber[i];
    if (!isCorrectGo(trial)) return null;
    rts.push(trial.reactionTime);
  }
  return rts;
}

/** Test trials indexed by trial number (a trial not saved is a hole). */
function byTrialNumber<T extends RunTrial>(trials: readonly T[]): (T | undefined)[] {
  const byNumber: (T | undefined)[] = [];
  for (const trial of trials) if (trial.phase === 'test') byNumber[trial.trialNumber] = trial;
  return byNumber;
}

/**
 * The go RTs of the pre-error runs: the 4 correct go trials before each commission and before
 * each successful withhold that has such a run, in trial order (4 RTs a run).
 */
export function getPreErrorRunRts(trials: readonly RunTrial[]): {
  beforeCommission: number[];
  beforeWithhold: number[];
} {
  const byNumber = byTrialNumber(trials);
  const beforeCommission: number[] = [];
  const beforeWithhold: number[] = [];
  byNumber.forEach((trial, at) => {
    if (!trial?.isNogo) return;
    const rts = preRunRts(byNumber, at);
    if (rts) (trial.responded ? beforeCommission : beforeWithhold).push(...rts);
  });
  return { beforeCommission, beforeWithhold };
}

/** Pre-error speeding: runs have equal length, so the mean of their means is the pooled mean. */
function scorePreErrorSpeeding(trials: readonly ScoredTrial[]): PreErrorSpeeding {
  const { beforeCommission, beforeWithhold } = getPreErrorRunRts(trials);
  const preCommissionRtMs = mean(beforeCommission);
  const preWithholdRtMs = mean(beforeWithhold);
  return {
    preCommissionRtMs,
    preWithholdRtMs,
    differenceMs:
      preCommissionRtMs === null || preWithholdRtMs === null
        ? null
        : preWithholdRtMs - preCommissionRtMs,
    commissionRuns: beforeCommission.length / PRE_ERROR_RUN,
    withholdRuns: beforeWithhold.length / PRE_ERROR_RUN,
  };
}

/** Post-error slowing, traditional and robust, over the test trials indexed by trial number. */
function scorePostErrorSlowing(byNumber: readonly (ScoredTrial | undefined)[]): PostErrorSlowing {
  const afterError: number[] = [];
  const afterCorrect: number[] = [];
  const differences: number[] = [];
  byNumber.forEach((trial, at) => {
    const next = byNumber[at + 1];
    if (!trial || !isValidCorrectGo(next)) return;
    if (isCommission(trial)) {
      afterError.push(next.reactionTime);
      const before = byNumber[at - 1];
      if (isValidCorrectGo(before)) differences.push(next.reactionTime - before.reactionTime);
    } else if (trial.isCorrect) {
      afterCorrect.push(next.reactionTime);
    }
  });
  const postError = mean(afterError);
  const postCorrect = mean(afterCorrect);
  return {
    traditionalMs:
      afterError.length < MIN_PES_TRIALS || postError === null || postCorrect === null
        ? null
        : postError - postCorrect,
    postErrorTrials: afterError.length,
    postCorrectTrials: afterCorrect.length,
    robustMs: differences.length < MIN_PES_TRIALS ? null : mean(differences),
    pairs: differences.length,
  };
}

const percent = (count: number, total: number) => {
  const value = ratio(count, total);
  return value === null ? null : value * 100;
};

/**
 * A run's scores from its stored trials (every phase; only the test is scored). The headline:
 * overallScore = floor(100 x balanced accuracy), correct trials = go answered + no-go withheld,
 * averageReactionTime = meanGoRtMs.
 */
export function score(_config: unknown, trials: readonly ScoredTrial[]): RunScore<Scores> {
  const test = trials.filter((t) => t.phase === 'test');
  const go = test.filter((t) => !t.isNogo);
  const noGo = test.filter((t) => t.isNogo);
  const goAnswered = go.filter((t) => t.responded);
  const commissions = noGo.filter((t) => t.responded).length;
  const withheld = noGo.length - commissions;
  const omissions = go.length - goAnswered.length;
  const responses = test.flatMap((t) => (t.reactionTime === null ? [] : [t.reactionTime]));
  const anticipations = goAnswered.filter(
    (t) => t.reactionTime !== null && t.reactionTime < ANTICIPATION_MS,
  ).length;

  const validGo = go.filter(isValidCorrectGo);
  const goRts = rtsOf(validGo);
  const meanGoRtMs = mean(goRts);
  const sdGoRtMs = sampleSd(goRts);
  const meanAllGoRtMs = mean(
    goAnswered.flatMap((t) => (t.reactionTime === null ? [] : [t.reactionTime])),
  );
  const omissionPercent = percent(omissions, go.length);
  const anticipationPercent = percent(anticipations, go.length);
  const correctTrials = goAnswered.length + withheld;
  const validCommissions = noGo.filter(hasValidRt);
  const practice = trials.filter((t) => t.phase === 'practice');

  const scores: Scores = {
    commissions,
    commissionPercent: percent(commissions, noGo.length),
    omissions,
    omissionPercent,
    anticipations,
    anticipationPercent,
    meanGoRtMs,
    medianGoRtMs: median(goRts),
    sdGoRtMs,
    cvGoRt: sdGoRtMs !== null && meanGoRtMs ? sdGoRtMs / meanGoRtMs : null,
    meanAllGoRtMs,
    meanCommissionRtMs: mean(rtsOf(validCommissions)),
    preErrorSpeeding: scorePreErrorSpeeding(trials),
    postErrorSlowing: scorePostErrorSlowing(byTrialNumber(trials)),
    dPrime: logLinearDPrime(goAnswered.length, go.length, commissions, noGo.length),
    balancedAccuracy:
      go.length > 0 && noGo.length > 0
        ? (goAnswered.length / go.length + withheld / noGo.length) / 2
        : null,
    counts: {
      goTrials: go.length,
      noGoTrials: noGo.length,
      goSuccesses: goAnswered.length,
      nogoSuccesses: withheld,
      anticipatoryResponses: responses.filter((rt) => rt < ANTICIPATION_MS).length,
      ambiguousResponses: responses.filter((rt) => rt >= ANTICIPATION_MS && rt < VALID_RT_MS)
        .length,
      validResponses: responses.filter((rt) => rt >= VALID_RT_MS).length,
      extraResponses: test.reduce((sum, t) => sum + t.nExtraResponses, 0),
      interrupted: test.filter((t) => t.timing?.wasInterrupted === true).length,
    },
    practice: {
      trials: practice.length,
      correct: practice.filter((t) => t.isCorrect === true).length,
    },
    qcFlags: {
      omissionRateAbove50Percent: omissionPercent !== null && omissionPercent > 50,
      meanGoRtBelow200: meanAllGoRtMs !== null && meanAllGoRtMs < VALID_RT_MS,
      indiscriminatePressing:
        noGo.length > 0 &&
        commissions === noGo.length &&
        omissions === 0 &&
        anticipationPercent !== null &&
        anticipationPercent > 20,
    },
  };
  return {
    overallScore: balancedAccuracyHeadline({
      signal: go.length,
      hits: goAnswered.length,
      noise: noGo.length,
      falseAlarms: commissions,
    }),
    totalTrials: test.length,
    correctTrials,
    averageReactionTime: meanGoRtMs,
    scores,
    // The cells by the scores' rules: go RT over the valid correct go trials, errors over all.
    reportCells: aggregateCells(
      REPORT_CELLS.map((cell) => cell.key),
      test.map((t) => ({
        cell: t.isNogo ? 'nogo' : 'go',
        isCorrect: t.isCorrect,
        reactionTime: isValidCorrectGo(t) ? t.reactionTime : null,
      })),
    ),
    // Every test trial, with what it is left out of (nothing for most): the export tells a
    // scored trial that counts everywhere ('none') from one the scoring did not read.
    trialExclusions: test.map(
      (t): TrialExclusions => ({
        phase: t.phase,
        block: t.block ?? 0,
        trialNumber: t.trialNumber,
        exclusions: rtExclusions(t),
      }),
    ),
  };
}
