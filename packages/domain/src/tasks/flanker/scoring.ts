import { englishText } from '../../texts';
import type { RunScore, StoredTrial } from '../contract';
import { listTrialExclusions } from '../shared/envelope';
import { percentHeadline } from '../shared/headline';
import { aggregateCells } from '../shared/report-cells';
import { mean, median, ratio, sampleSd } from '../shared/statistics';
import type { Config, Congruency } from './config';
import { isAnticipation } from './plausibility';
import type { Trial } from './trial';

/** The scores are computed by this version of the rules (test_results.scoring_version). */
export const SCORING_VERSION = 1;

/** The report cells: congruent and incongruent test trials. */
export const REPORT_CELLS = [
  {
    key: 'congruent',
    label: englishText(/*i18n*/ { id: 'tasks.flankerTest.cellCongruent', message: 'Congruent' }),
  },
  {
    key: 'incongruent',
    label: englishText(
      /*i18n*/ { id: 'tasks.flankerTest.cellIncongruent', message: 'Incongruent' },
    ),
  },
] as const;

/** One congruency's scores (test trials). Rates are proportions (0-1), times ms. */
export type ConditionScores = {
  /** Test trials of this congruency. */
  trials: number;
  /** Those answered in under ANTICIPATION_MS: left out of every score below. */
  anticipations: number;
  /** The rest: the accuracy's denominator. */
  scoredTrials: number;
  correct: number;
  /** Answered the other way. */
  errors: number;
  /** Not answered in the window. */
  omissions: number;
  /** correct / scoredTrials (errors and omissions count against it). */
  accuracy: number | null;
  /** Correct trials, not anticipations, not interrupted: the RT scores' trials. */
  rtTrials: number;
  meanRtMs: number | null;
  /** The mean of the middle two for an even count. */
  medianRtMs: number | null;
  /** Sample SD (n - 1); null under two. */
  sdRtMs: number | null;
};

/**
 * The flanker task's scores (scoring version 1), stored in `test_results.scores`. Test trials
 * only. A score whose denominator is 0 is null. docs/scoring/flanker.md gives every formula and
 * exclusion.
 */
export type Scores = {
  congruent: ConditionScores;
  incongruent: ConditionScores;
  /**
   * The flanker effect: mean RT of the incongruent trials minus that of the congruent, each over
   * its correct, unflagged trials (rtTrials). Positive: the flankers slowed the answer.
   */
  flankerEffectMs: number | null;
  /** The same from the two medians (the ANT's conflict score is median-based). */
  flankerEffectMedianMs: number | null;
  /**
   * Congruent accuracy minus incongruent accuracy (a proportion): how much more often the
   * incongruent flankers led to a wrong or missing answer.
   */
  accuracyFlankerEffect: number | null;
  /** Correct / scored test trials, both congruencies. */
  accuracy: number | null;
  /** Mean and median RT of the correct, unflagged test trials, both congruencies. */
  meanRtMs: number | null;
  medianRtMs: number | null;
  /** Test trials not answered in the window / test trials. */
  omissionRate: number | null;
  counts: {
    testTrials: number;
    /** Test trials answered in under ANTICIPATION_MS. */
    anticipations: number;
    /** Presses in the window after the first, summed over test trials. */
    extraResponses: number;
    /** Test trials during which the page lost focus or was hidden. */
    interrupted: number;
  };
  practice: {
    /** Practice trials saved, and those answered correctly. */
    trials: number;
    correct: number;
  };
  /** Quality checks: each true when the run fails it. */
  qcFlags: {
    /**
     * Accuracy under 80 %: the NIH Toolbox Flanker reads its RTs only above 80 % accuracy; below
     * it, the RT scores mean little.
     */
    accuracyBelow80Percent: boolean;
    /** More than 10 % of test trials unanswered. */
    omissionRateAbove10Percent: boolean;
    /** Median correct RT under 200 ms: answers faster than arrows can be told apart. */
    medianRtBelow200: boolean;
  };
};

/** The fields of a stored trial that scoring reads. */
export type ScoredTrial = Pick<
  StoredTrial<Trial>,
  | 'phase'
  | 'trialNumber'
  | 'congruency'
  | 'responseType'
  | 'reactionTime'
  | 'isCorrect'
  | 'nExtraResponses'
> & {
  /** Absent means 0, as in a trial the browser sends. */
  block?: number;
  timing: { wasInterrupted: boolean } | null;
};

/** Why a trial is left out of some scores: an anticipation (all), an interruption (the RTs). */
function exclusionsOf(trial: ScoredTrial): string[] {
  const exclusions: string[] = [];
  if (isAnticipation(trial.reactionTime)) exclusions.push('anticipation');
  if (trial.timing?.wasInterrupted) exclusions.push('interrupted');
  return exclusions;
}

/** RT scores read correct trials that are neither anticipations nor interrupted. */
function isRtTrial(trial: ScoredTrial): trial is ScoredTrial & { reactionTime: number } {
  return trial.isCorrect && trial.reactionTime !== null && exclusionsOf(trial).length === 0;
}

function conditionScores(trials: readonly ScoredTrial[]): ConditionScores {
  const scored = trials.filter((t) => !isAnticipation(t.reactionTime));
  const rts = scored.filter(isRtTrial).map((t) => t.reactionTime);
  const correct = scored.filter((t) => t.responseType === 'correct').length;
  return {
    trials: trials.length,
    anticipations: trials.length - scored.length,
    scoredTrials: scored.length,
    correct,
    errors: scored.filter((t) => t.responseType === 'error').length,
    omissions: scored.filter((t) => t.responseType === 'omission').length,
    accuracy: ratio(correct, scored.length),
    rtTrials: rts.length,
    meanRtMs: mean(rts),
    medianRtMs: median(rts),
    sdRtMs: sampleSd(rts),
  };
}

const difference = (a: number | null, b: number | null) =>
  a === null || b === null ? null : a - b;

/**
 * A run's scores from its stored trials (every phase; only the test is scored). The headline:
 * overallScore = floor(100 x correct / test trials), correctTrials = the correct test trials
 * that are not anticipations, averageReactionTime = meanRtMs.
 */
export function score(_config: Config, trials: readonly ScoredTrial[]): RunScore<Scores> {
  const test = trials.filter((t) => t.phase === 'test');
  const of = (congruency: Congruency) => test.filter((t) => t.congruency === congruency);
  const congruent = conditionScores(of('congruent'));
  const incongruent = conditionScores(of('incongruent'));
  const all = conditionScores(test);
  const practice = trials.filter((t) => t.phase === 'practice');
  const scores: Scores = {
    congruent,
    incongruent,
    flankerEffectMs: difference(incongruent.meanRtMs, congruent.meanRtMs),
    flankerEffectMedianMs: difference(incongruent.medianRtMs, congruent.medianRtMs),
    accuracyFlankerEffect: difference(congruent.accuracy, incongruent.accuracy),
    accuracy: all.accuracy,
    meanRtMs: all.meanRtMs,
    medianRtMs: all.medianRtMs,
    omissionRate: ratio(all.omissions, test.length),
    counts: {
      testTrials: test.length,
      anticipations: all.anticipations,
      extraResponses: test.reduce((sum, t) => sum + t.nExtraResponses, 0),
      interrupted: test.filter((t) => t.timing?.wasInterrupted === true).length,
    },
    practice: {
      trials: practice.length,
      correct: practice.filter((t) => t.isCorrect).length,
    },
    qcFlags: {
      accuracyBelow80Percent: all.accuracy !== null && all.accuracy < 0.8,
      omissionRateAbove10Percent: test.length > 0 && all.omissions / test.length > 0.1,
      medianRtBelow200: all.medianRtMs !== null && all.medianRtMs < 200,
    },
  };
  return {
    overallScore: percentHeadline(all.correct, test.length),
    totalTrials: test.length,
    correctTrials: all.correct,
    averageReactionTime: all.meanRtMs,
    scores,
    // The report's cells by the scores' rules: an anticipation counts in neither the RT nor the
    // error rate; an interrupted trial's RT is left out, its answer counts.
    reportCells: aggregateCells(
      REPORT_CELLS.map((cell) => cell.key),
      test.map((t) => ({
        cell: t.congruency,
        isCorrect: isAnticipation(t.reactionTime) ? null : t.isCorrect,
        reactionTime: t.reactionTime,
        rtExcluded: exclusionsOf(t).length > 0,
      })),
    ),
    trialExclusions: listTrialExclusions(test, exclusionsOf),
  };
}
