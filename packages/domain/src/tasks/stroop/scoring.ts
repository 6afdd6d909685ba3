import { percentHeadline } from '../shared/headline';
import { mean, sampleSd } from '../shared/statistics';
import { type Config, isRestBreakAfter, type Phase } from './config';
import { type Cue, getCorrectKey, type Ink, type ResponseKey, type Word } from './stimuli';

// Stroop's scores, both versions: version 1 (`score`, the first version's mean RT per
// cell, still read for the results stored by it) and versions 2 and 3 (`scoreV2`, every
// run scored now). docs/scoring/stroop.md.

/** The fields of a stored trial that scoring reads. */
export type ScoredTrial = {
  phase: Phase;
  trialNumber: number;
  cueWord: Cue;
  isSwitch: boolean;
  isCorrect: boolean;
  /** Milliseconds, unrounded. */
  reactionTime: number;
};

export const REPORT_CELLS = [
  'switch, word',
  'noswitch, word',
  'switch, color',
  'noswitch, color',
] as const;
export type ReportCell = (typeof REPORT_CELLS)[number];

export type CellScore = {
  /** Test trials in the cell (trial 0 of the phase is in no cell: it has no predecessor). */
  trialCount: number;
  /** Mean RT of the cell's RT-eligible trials (see isRtEligible), in ms; null if none. */
  meanRtMs: number | null;
  /** Percent of the cell's trials answered wrongly; null if the cell is empty. */
  errorRatePercent: number | null;
};

/** The scores of version 1, each with its rule in its JSDoc (docs/scoring/stroop.md#versions). */
export type Metrics = {
  /** Switch minus repeat: mean RT of RT-eligible trials (ms) and error rate (percentage points). */
  switchCost: { rtMs: number | null; errorRatePercent: number | null };
  /** The four cells of the aggregate report, cue by switch. */
  cells: Record<ReportCell, CellScore>;
  /** Mean RT of RT-eligible test trials divided by the proportion correct of all test trials, in ms. */
  inverseEfficiencyMs: number | null;
  /** How many test trials the RT scores left out, and why (a trial may have several reasons). */
  excludedFromRt: { errors: number; firstOfPhase: number; firstAfterBreak: number };
};

/** Stroop's own scores, stored in `test_results.scores` beside the headline (scoring version 1). */
export type Scores = {
  /** Percent correct of Color-cue test trials. */
  colorNamingAccuracy: number | null;
  /** Percent correct of Word-cue test trials. */
  wordReadingAccuracy: number | null;
  /** Mean RT of Color-cue minus mean RT of Word-cue test trials, in ms. */
  interferenceEffect: number | null;
  metrics: Metrics;
};

/** The headline summary plus the version 1 metrics. Computed from test-phase trials only. */
export type Summary = {
  totalTrials: number;
  correctTrials: number;
  /** floor(correct / total * 100). */
  overallScore: number;
  /** Mean RT of all test trials, in ms. */
  averageReactionTime: number | null;
  /** Percent correct of Color-cue test trials. */
  colorNamingAccuracy: number | null;
  /** Percent correct of Word-cue test trials. */
  wordReadingAccuracy: number | null;
  /** Mean RT of Color-cue minus mean RT of Word-cue test trials, in ms. */
  interferenceEffect: number | null;
  metrics: Metrics;
};

function percentWrong(trials: readonly { isCorrect: boolean }[]): number | null {
  return trials.length === 0
    ? null
    : (trials.filter((t) => !t.isCorrect).length / trials.length) * 100;
}

function percentCorrect(trials: readonly ScoredTrial[]): number | null {
  const wrong = percentWrong(trials);
  return wrong === null ? null : 100 - wrong;
}

function difference(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a - b;
}

/**
 * Whether a test trial's RT counts in the RT scores of version 1: it was answered correctly, it is not
 * the first trial of the phase, and it is not the first trial after a rest break.
 */
export function isRtEligible(config: Config, trial: ScoredTrial): boolean {
  return (
    trial.isCorrect &&
    trial.trialNumber > 0 &&
    !isRestBreakAfter(config, trial.phase, trial.trialNumber - 1)
  );
}

export function getReportCell(trial: Pick<ScoredTrial, 'isSwitch' | 'cueWord'>): ReportCell {
  return `${trial.isSwitch ? 'switch' : 'noswitch'}, ${trial.cueWord === 'Word' ? 'word' : 'color'}`;
}

function scoreCell(config: Config, trials: readonly ScoredTrial[]): CellScore {
  return {
    trialCount: trials.length,
    meanRtMs: mean(trials.filter((t) => isRtEligible(config, t)).map((t) => t.reactionTime)),
    errorRatePercent: percentWrong(trials),
  };
}

/** Scores a run from its stored trials (version 1). Trials of other phases are ignored. */
export function score(config: Config, allTrials: readonly ScoredTrial[]): Summary {
  const trials = allTrials.filter((t) => t.phase === 'test');
  const correct = trials.filter((t) => t.isCorrect).length;
  const colorTrials = trials.filter((t) => t.cueWord === 'Color');
  const wordTrials = trials.filter((t) => t.cueWord === 'Word');
  const rtOf = (list: readonly ScoredTrial[]) => list.map((t) => t.reactionTime);

  // Trial 0 has no predecessor, so it is neither a switch nor a repeat.
  const classified = trials.filter((t) => t.trialNumber > 0);
  const cells = Object.fromEntries(
    REPORT_CELLS.map((cell) => [
      cell,
      scoreCell(
        config,
        classified.filter((t) => getReportCell(t) === cell),
      ),
    ]),
  ) as Record<ReportCell, CellScore>;
  const switches = classified.filter((t) => t.isSwitch);
  const repeats = classified.filter((t) => !t.isSwitch);
  const eligibleRt = (list: readonly ScoredTrial[]) =>
    mean(list.filter((t) => isRtEligible(config, t)).map((t) => t.reactionTime));
  const meanCorrectRt = eligibleRt(trials);
  const proportionCorrect = trials.length === 0 ? 0 : correct / trials.length;

  return {
    totalTrials: trials.length,
    correctTrials: correct,
    overallScore: trials.length === 0 ? 0 : Math.floor((correct / trials.length) * 100),
    averageReactionTime: mean(rtOf(trials)),
    colorNamingAccuracy: percentCorrect(colorTrials),
    wordReadingAccuracy: percentCorrect(wordTrials),
    interferenceEffect: difference(mean(rtOf(colorTrials)), mean(rtOf(wordTrials))),
    metrics: {
      switchCost: {
        rtMs: difference(eligibleRt(switches), eligibleRt(repeats)),
        errorRatePercent: difference(percentWrong(switches), percentWrong(repeats)),
      },
      cells,
      inverseEfficiencyMs:
        meanCorrectRt === null || proportionCorrect === 0
          ? null
          : meanCorrectRt / proportionCorrect,
      excludedFromRt: {
        errors: trials.filter((t) => !t.isCorrect).length,
        firstOfPhase: trials.filter((t) => t.trialNumber === 0).length,
        firstAfterBreak: trials.filter(
          (t) => t.trialNumber > 0 && isRestBreakAfter(config, t.phase, t.trialNumber - 1),
        ).length,
      },
    },
  };
}

/**
 * Stroop scoring, version 2 (docs/scoring/stroop.md): per-trial exclusion flags, switch costs
 * within each cue averaged with equal weight, the colour-naming cost named for what it is, and
 * the switch cost split by response repetition.
 */
export const SCORING_VERSION_2 = 2;

/**
 * Version 3: version 2's scores with the headline computed exactly, floor(correct x 100 /
 * total) in one integer division (percentHeadline); version 2's floor(correct / total x 100) is
 * one point low where the floating-point division falls under a whole percentage (29 / 50
 * gives 57). The runs are scored by this version.
 */
export const SCORING_VERSION = 3;

/** A reaction time below this (ms) is an anticipation: faster than reading the stimulus allows. */
export const ANTICIPATION_MS = 200;

/** A correct RT this many SDs from the participant's own cell mean is an outlier. */
export const OUTLIER_SD = 2.5;

/**
 * More than this (ms) from one trial's response to the next trial's cue is a pause: a resume
 * after a reload, or a rest break. The test phase shows the next cue in the frame after the
 * response, so only a pause comes near it.
 */
export const PAUSE_GAP_MS = 5000;

/**
 * Why a test trial is left out of some scores:
 * - `first`: the first trial of the phase, after a rest break or after a pause (resume): it has
 *   no preceding trial the participant just did, so it is neither a switch nor a repeat;
 * - `postError`: the trial before it was answered wrongly (post-error slowing);
 * - `anticipation`: RT under ANTICIPATION_MS;
 * - `interrupted`: the page lost focus or was hidden between the cue and the response;
 * - `outlier`: a correct RT more than OUTLIER_SD SDs from the participant's own mean of
 *   its cue x switch cell, among the trials with none of the flags above (one pass).
 */
export const EXCLUSIONS = ['first', 'postError', 'anticipation', 'interrupted', 'outlier'] as const;
export type Exclusion = (typeof EXCLUSIONS)[number];

/** The flags that keep a trial out of the error-rate scores (an outlier is still an answer). */
const ERROR_RATE_EXCLUSIONS: readonly Exclusion[] = [
  'first',
  'postError',
  'anticipation',
  'interrupted',
];

/** What version 2 reads of a stored test trial. */
export type ScoringTrial = {
  phase: string;
  trialNumber: number;
  cueWord: Cue;
  stimulusWord: Word;
  stimulusColor: Ink;
  isSwitch: boolean;
  isCorrect: boolean;
  /** ms, unrounded. */
  reactionTime: number;
  /** ISO 8601 wall-clock times of the cue's onset and the response; null where not recorded. */
  startTime: string | null;
  endTime: string | null;
  /** The page lost focus or was hidden during the trial; null for simulated trials. */
  wasInterrupted: boolean | null;
};

/** A test trial with what version 2 decided about it. */
export type FlaggedTrial = ScoringTrial & {
  /** The cue x switch cell; null for a trial without a preceding trial (the phase's first). */
  cell: ReportCell | null;
  /** The correct key is the one of the trial before; null without a preceding trial. */
  isResponseRepeat: boolean | null;
  exclusions: Exclusion[];
  /** Counts in the RT scores: correct and without any exclusion. */
  countsForRt: boolean;
  /** Counts in the error-rate scores: none of the flags of ERROR_RATE_EXCLUSIONS. */
  countsForErrors: boolean;
};

const correctKeyOf = (t: ScoringTrial): ResponseKey =>
  getCorrectKey(t.cueWord, t.stimulusWord, t.stimulusColor);

const timeMs = (iso: string | null): number | null => {
  if (iso === null) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * Flags every test trial of a run (trials of other phases are ignored), in trial order. Pure:
 * the same trials always get the same flags, so the per-run scores and the aggregate report
 * (which stores them with each trial) apply the same rules.
 */
export function flagTrials(config: Config, allTrials: readonly ScoringTrial[]): FlaggedTrial[] {
  const trials = allTrials
    .filter((t) => t.phase === 'test')
    .sort((a, b) => a.trialNumber - b.trialNumber);
  const starts = trials.map((t) => timeMs(t.startTime));
  const ends = trials.map((t) => timeMs(t.endTime));
  const flagged = trials.map((trial, index): FlaggedTrial => {
    const before = trials[index - 1];
    const previous = before && before.trialNumber === trial.trialNumber - 1 ? before : undefined;
    const start = starts[index] ?? null;
    const previousEnd = ends[index - 1] ?? null;
    const gapMs = previous && start !== null && previousEnd !== null ? start - previousEnd : null;
    const exclusions: Exclusion[] = [];
    if (
      !previous ||
      isRestBreakAfter(config, 'test', trial.trialNumber - 1) ||
      (gapMs !== null && gapMs > PAUSE_GAP_MS)
    ) {
      exclusions.push('first');
    }
    if (previous && !previous.isCorrect) exclusions.push('postError');
    if (trial.reactionTime < ANTICIPATION_MS) exclusions.push('anticipation');
    if (trial.wasInterrupted === true) exclusions.push('interrupted');
    return {
      ...trial,
      cell: trial.trialNumber === 0 ? null : getReportCell(trial),
      isResponseRepeat: previous ? correctKeyOf(previous) === correctKeyOf(trial) : null,
      exclusions,
      countsForRt: false,
      countsForErrors: false,
    };
  });

  // Outliers: one pass over the correct trials without other flags, per cell.
  for (const cell of REPORT_CELLS) {
    const candidates = flagged.filter(
      (t) => t.cell === cell && t.isCorrect && t.exclusions.length === 0,
    );
    const m = mean(candidates.map((t) => t.reactionTime));
    const sd = sampleSd(candidates.map((t) => t.reactionTime));
    if (m === null || sd === null) continue;
    for (const t of candidates) {
      if (Math.abs(t.reactionTime - m) > OUTLIER_SD * sd) t.exclusions.push('outlier');
    }
  }
  for (const t of flagged) {
    t.countsForRt = t.isCorrect && t.exclusions.length === 0;
    t.countsForErrors = !t.exclusions.some((e) => ERROR_RATE_EXCLUSIONS.includes(e));
  }
  return flagged;
}

/** A cost per cue and their mean with equal weight (null unless both cues have one). */
export type CueCosts = { word: number | null; color: number | null; mean: number | null };

/** One cue x switch cell of a run. */
export type CellV2 = {
  /** Test trials in the cell. */
  trialCount: number;
  /** Trials in the RT scores (correct, no exclusion), and their mean RT in ms. */
  rtTrialCount: number;
  meanRtMs: number | null;
  /** Trials in the error-rate scores, and the percent of them answered wrongly. */
  errorTrialCount: number;
  errorRatePercent: number | null;
  /** Inverse efficiency: meanRtMs divided by the proportion correct, in ms. */
  inverseEfficiencyMs: number | null;
};

/** Stroop's own scores of version 2, stored in `test_results.scores`. */
export type ScoresV2 = {
  /** The version that computed the scores: 2 or 3 (the same scores, the headline exact in 3). */
  scoringVersion: 2 | 3;
  /** Percent correct of the Colour-cue and the Word-cue test trials in the error-rate scores. */
  colorNamingAccuracy: number | null;
  wordReadingAccuracy: number | null;
  /**
   * Colour-cue minus Word-cue: mean RT (ms) and error rate (points), within switch and within
   * repeat trials, averaged. Every real trial is incongruent, so this is the cost of naming the
   * ink against reading the word, not Stroop interference.
   */
  colorNamingCost: { rtMs: number | null; errorRatePercent: number | null };
  /** The same as colorNamingCost.rtMs, under the name scoring version 1 gave it. */
  interferenceEffect: number | null;
  /** Switch minus repeat within each cue, and their mean: RT, error rate, inverse efficiency. */
  switchCost: { rtMs: CueCosts; errorRatePercent: CueCosts; inverseEfficiencyMs: CueCosts };
  /**
   * The RT switch cost of switch trials whose correct key is a new one, and of those whose
   * correct key repeats the trial before, each against the repeat trials of the cue (which,
   * with this design's cue cycle and stimulus rule, almost never repeat the key).
   */
  switchCostByResponse: { responseChange: CueCosts; responseRepeat: CueCosts };
  /** Percent of switch and of repeat trials whose correct key repeats the trial before. */
  responseRepetitionPercent: { switch: number | null; repeat: number | null };
  cells: Record<ReportCell, CellV2>;
  /** Mean RT of the RT trials divided by the proportion correct of the error-rate trials. */
  inverseEfficiencyMs: number | null;
  /** How many test trials carry each flag (a trial may carry several), and what was used. */
  exclusions: Record<Exclusion, number> & {
    errors: number;
    rtTrials: number;
    errorRateTrials: number;
  };
};

/** The headline and the scores of version 2. */
export type SummaryV2 = {
  totalTrials: number;
  correctTrials: number;
  /** floor(correct x 100 / total), over every test trial, exact (percentHeadline). */
  overallScore: number;
  /** Mean RT of the RT trials (correct, no exclusion), in ms. */
  averageReactionTime: number | null;
  scores: ScoresV2;
};

const averageOf = (a: number | null, b: number | null): number | null =>
  a === null || b === null ? null : (a + b) / 2;

function cueCosts(costOf: (cue: 'word' | 'color') => number | null): CueCosts {
  const word = costOf('word');
  const color = costOf('color');
  return { word, color, mean: averageOf(word, color) };
}

function scoreCellV2(trials: readonly FlaggedTrial[]): CellV2 {
  const rtTrials = trials.filter((t) => t.countsForRt);
  const errorTrials = trials.filter((t) => t.countsForErrors);
  const meanRtMs = mean(rtTrials.map((t) => t.reactionTime));
  const wrong = percentWrong(errorTrials);
  const proportionCorrect = wrong === null ? null : 1 - wrong / 100;
  return {
    trialCount: trials.length,
    rtTrialCount: rtTrials.length,
    meanRtMs,
    errorTrialCount: errorTrials.length,
    errorRatePercent: wrong,
    inverseEfficiencyMs:
      meanRtMs === null || !proportionCorrect ? null : meanRtMs / proportionCorrect,
  };
}

/** Scores a run's test trials by version 2. */
export function scoreV2(config: Config, allTrials: readonly ScoringTrial[]): SummaryV2 {
  return scoreFlaggedTrials(flagTrials(config, allTrials));
}

/** Scores test trials flagged by flagTrials (versions 2 and 3: the rules of version 3). */
export function scoreFlaggedTrials(flagged: readonly FlaggedTrial[]): SummaryV2 {
  const correct = flagged.filter((t) => t.isCorrect).length;
  const inCell = (cell: ReportCell) => flagged.filter((t) => t.cell === cell);
  const cells = Object.fromEntries(
    REPORT_CELLS.map((cell) => [cell, scoreCellV2(inCell(cell))]),
  ) as Record<ReportCell, CellV2>;
  const cellOf = (isSwitch: boolean, cue: 'word' | 'color') =>
    cells[`${isSwitch ? 'switch' : 'noswitch'}, ${cue}`];
  const switchMinusRepeat = (field: 'meanRtMs' | 'errorRatePercent' | 'inverseEfficiencyMs') =>
    cueCosts((cue) => difference(cellOf(true, cue)[field], cellOf(false, cue)[field]));

  const rtMean = (list: readonly FlaggedTrial[]) =>
    mean(list.filter((t) => t.countsForRt).map((t) => t.reactionTime));
  const byResponse = (isRepeat: boolean) =>
    cueCosts((cue) => {
      const switches = inCell(`switch, ${cue}`).filter((t) => t.isResponseRepeat === isRepeat);
      return difference(rtMean(switches), cellOf(false, cue).meanRtMs);
    });
  const repetitionPercent = (isSwitch: boolean) => {
    const classified = flagged.filter((t) => t.cell !== null && t.isSwitch === isSwitch);
    const known = classified.filter((t) => t.isResponseRepeat !== null);
    return known.length === 0
      ? null
      : (known.filter((t) => t.isResponseRepeat).length / known.length) * 100;
  };

  const colorMinusWord = (field: 'meanRtMs' | 'errorRatePercent') =>
    averageOf(
      difference(cellOf(true, 'color')[field], cellOf(true, 'word')[field]),
      difference(cellOf(false, 'color')[field], cellOf(false, 'word')[field]),
    );
  const errorTrials = flagged.filter((t) => t.countsForErrors);
  const accuracyOf = (cue: Cue) => {
    const wrong = percentWrong(errorTrials.filter((t) => t.cueWord === cue));
    return wrong === null ? null : 100 - wrong;
  };
  const averageReactionTime = rtMean(flagged);
  const overallWrong = percentWrong(errorTrials);
  const overallCorrect = overallWrong === null ? null : 1 - overallWrong / 100;
  const colorNamingRt = colorMinusWord('meanRtMs');
  const count = (exclusion: Exclusion) =>
    flagged.filter((t) => t.exclusions.includes(exclusion)).length;

  return {
    totalTrials: flagged.length,
    correctTrials: correct,
    overallScore: percentHeadline(correct, flagged.length),
    averageReactionTime,
    scores: {
      scoringVersion: SCORING_VERSION,
      colorNamingAccuracy: accuracyOf('Color'),
      wordReadingAccuracy: accuracyOf('Word'),
      colorNamingCost: {
        rtMs: colorNamingRt,
        errorRatePercent: colorMinusWord('errorRatePercent'),
      },
      interferenceEffect: colorNamingRt,
      switchCost: {
        rtMs: switchMinusRepeat('meanRtMs'),
        errorRatePercent: switchMinusRepeat('errorRatePercent'),
        inverseEfficiencyMs: switchMinusRepeat('inverseEfficiencyMs'),
      },
      switchCostByResponse: { responseChange: byResponse(false), responseRepeat: byResponse(true) },
      responseRepetitionPercent: {
        switch: repetitionPercent(true),
        repeat: repetitionPercent(false),
      },
      cells,
      inverseEfficiencyMs:
        averageReactionTime === null || !overallCorrect
          ? null
          : averageReactionTime / overallCorrect,
      exclusions: {
        first: count('first'),
        postError: count('postError'),
        anticipation: count('anticipation'),
        interrupted: count('interrupted'),
        outlier: count('outlier'),
        errors: flagged.length - correct,
        rtTrials: flagged.filter((t) => t.countsForRt).length,
        errorRateTrials: errorTrials.length,
      },
    },
  };
}
