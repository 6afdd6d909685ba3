import { englishText } from '../../texts';
import type { RunScore, StoredTrial } from '../contract';
import { listTrialExclusions } from '../shared/envelope';
import { balancedAccuracyHeadline } from '../shared/headline';
import { logLinearDPrime } from '../shared/normal';
import { aggregateCells } from '../shared/report-cells';
import { mean, median, ratio, sampleSd } from '../shared/statistics';
import { type Config, meetsPracticeCriterion } from './config';
import { isAnticipation } from './plausibility';
import type { Trial } from './trial';

/**
 * The scores are computed by this version of the rules (test_results.scoring_version). Version
 * 3: the headline is floor(100 x balanced accuracy), so that pressing for everything, for
 * nothing or at random scores 50; version 2 took percent correct (pressing for everything
 * scored 80 at the default 80 % go). Version 2: the report cells' RT leaves out what the RT
 * scores leave out (anticipations, interrupted trials); version 1 took every hit's RT.
 */
export const SCORING_VERSION = 3;

/** The report cells: go and no-go test trials. */
export const REPORT_CELLS = [
  { key: 'go', label: englishText(/*i18n*/ { id: 'tasks.goNoGoTest.cellGo', message: 'Go' }) },
  {
    key: 'nogo',
    label: englishText(/*i18n*/ { id: 'tasks.goNoGoTest.cellNogo', message: 'No-go' }),
  },
] as const;

/**
 * Go/No-Go's own scores (scoring versions 1 to 3: the same scores, `balancedAccuracy` added in
 * version 3), stored in
 * `test_results.scores`. Test trials only. Rates are proportions (0-1); times are ms. A score
 * whose denominator is 0 is null. docs/scoring/go-no-go.md gives every formula and exclusion.
 */
export type Scores = {
  /** No-go trials with a press in the response window (anticipations included). */
  commissions: number;
  /** commissions / no-go trials: the primary inhibition measure. */
  commissionRate: number | null;
  /**
   * Commission rate with anticipatory commissions (RT < 100 ms) left out of numerator and
   * denominator: (commissions - anticipatory commissions) / (no-go trials - anticipatory
   * commissions). A sensitivity score.
   */
  commissionRateExclAnticipations: number | null;
  /** Go trials without a press in the response window. */
  omissions: number;
  /** omissions / go trials: an index of inattention. */
  omissionRate: number | null;
  /** hits / go trials (= 1 - omissionRate). */
  hitRate: number | null;
  /** commissions / no-go trials, under its signal-detection name (= commissionRate). */
  falseAlarmRate: number | null;
  /** Mean RT of the RT-eligible hits: RT >= 100 ms, trial not interrupted. */
  meanGoRtMs: number | null;
  /** Median RT of the RT-eligible hits (mean of the middle two for an even count). */
  medianGoRtMs: number | null;
  /** Sample SD (n - 1) of the RT-eligible hits' RTs; null under two. */
  sdGoRtMs: number | null;
  /** sdGoRtMs / meanGoRtMs. */
  cvGoRt: number | null;
  /** Mean RT of the commissions with RT >= 100 ms, not interrupted (descriptive). */
  meanCommissionRtMs: number | null;
  /**
   * d' with the log-linear correction (Hautus, 1995): Φ⁻¹((hits + 0.5) / (go + 1)) -
   * Φ⁻¹((commissions + 0.5) / (no-go + 1)). Null without go or without no-go trials.
   */
  dPrime: number | null;
  /** (hits + correct rejections) / test trials: PEBL's headline, dominated by go trials. */
  accuracy: number | null;
  /**
   * (hitRate + (1 - commissionRate)) / 2: the headline's basis, go and no-go trials weighed
   * equally. Null without go or without no-go trials; absent in scores of versions 1 and 2.
   */
  balancedAccuracy?: number | null;
  counts: {
    goTrials: number;
    noGoTrials: number;
    hits: number;
    correctRejections: number;
    /** Test trials answered in under 100 ms (go or no-go). */
    anticipations: number;
    /** Test trials with a press after the response window and before the next onset. */
    lateResponses: number;
    /** Presses in the response window after the first, summed over test trials. */
    extraResponses: number;
    /** Test trials during which the page lost focus or was hidden. */
    interrupted: number;
  };
  practice: {
    /** Practice rounds with a saved trial. */
    roundsTaken: number;
    /** Did the last practice round meet the criterion? Null without practice trials. */
    criterionMet: boolean | null;
  };
  /** Quality checks: each true when the run fails it. */
  qcFlags: {
    /** Median go RT under 200 ms (responding without looking). */
    medianGoRtBelow200: boolean;
    /** More than 10 % of go trials missed. */
    omissionRateAbove10Percent: boolean;
    /** 90 % or more of no-go trials answered: responding to everything. */
    commissionRateAtLeast90Percent: boolean;
  };
};

/** The fields of a stored trial that scoring reads. */
export type ScoredTrial = Pick<
  StoredTrial<Trial>,
  | 'phase'
  | 'trialNumber'
  | 'stimulusType'
  | 'responded'
  | 'reactionTime'
  | 'isCorrect'
  | 'nExtraResponses'
  | 'lateResponse'
> & {
  /** Absent means 0, as in a trial the browser sends. */
  block?: number;
  timing: { wasInterrupted: boolean } | null;
};

/** Why a trial's RT is left out of the RT scores: under 100 ms, or the page was not attended. */
function rtExclusions(trial: ScoredTrial): string[] {
  const exclusions: string[] = [];
  if (isAnticipation(trial.reactionTime)) exclusions.push('anticipation');
  if (trial.timing?.wasInterrupted) exclusions.push('interrupted');
  return exclusions;
}

/** RT scores use a response of at least 100 ms on a trial that was not interrupted. */
function isRtEligible(trial: ScoredTrial): trial is ScoredTrial & { reactionTime: number } {
  return trial.reactionTime !== null && rtExclusions(trial).length === 0;
}

/**
 * A run's scores from its stored trials (every phase; only the test is scored). The headline:
 * overallScore = floor(100 x balanced accuracy) (percent correct if a kind of trial is missing),
 * correct trials = hits + correct rejections, averageReactionTime = meanGoRtMs.
 */
export function score(config: Config, trials: readonly ScoredTrial[]): RunScore<Scores> {
  const test = trials.filter((t) => t.phase === 'test');
  const go = test.filter((t) => t.stimulusType === 'go');
  const noGo = test.filter((t) => t.stimulusType === 'nogo');
  const hits = go.filter((t) => t.responded);
  const commissions = noGo.filter((t) => t.responded);
  const omissions = go.length - hits.length;
  const correctRejections = noGo.length - commissions.length;
  const anticipatoryCommissions = commissions.filter((t) => isAnticipation(t.reactionTime)).length;

  const goRts = hits.filter(isRtEligible).map((t) => t.reactionTime);
  const meanGoRtMs = mean(goRts);
  const medianGoRtMs = median(goRts);
  const sdGoRtMs = sampleSd(goRts);
  const commissionRate = ratio(commissions.length, noGo.length);
  const omissionRate = ratio(omissions, go.length);
  const correctTrials = hits.length + correctRejections;

  const practice = trials.filter((t) => t.phase === 'practice');
  const lastRound = Math.max(-1, ...practice.map((t) => t.block ?? 0));
  const lastRoundCorrect = new Set(
    practice
      .filter((t) => (t.block ?? 0) === lastRound && t.isCorrect === true)
      .map((t) => t.trialNumber),
  ).size;

  const scores: Scores = {
    commissions: commissions.length,
    commissionRate,
    commissionRateExclAnticipations: ratio(
      commissions.length - anticipatoryCommissions,
      noGo.length - anticipatoryCommissions,
    ),
    omissions,
    omissionRate,
    hitRate: ratio(hits.length, go.length),
    falseAlarmRate: commissionRate,
    meanGoRtMs,
    medianGoRtMs,
    sdGoRtMs,
    cvGoRt: sdGoRtMs !== null && meanGoRtMs ? sdGoRtMs / meanGoRtMs : null,
    meanCommissionRtMs: mean(commissions.filter(isRtEligible).map((t) => t.reactionTime)),
    dPrime: logLinearDPrime(hits.length, go.length, commissions.length, noGo.length),
    accuracy: ratio(correctTrials, test.length),
    balancedAccuracy:
      go.length > 0 && noGo.length > 0
        ? (hits.length / go.length + correctRejections / noGo.length) / 2
        : null,
    counts: {
      goTrials: go.length,
      noGoTrials: noGo.length,
      hits: hits.length,
      correctRejections,
      anticipations: test.filter((t) => isAnticipation(t.reactionTime)).length,
      lateResponses: test.filter((t) => t.lateResponse).length,
      extraResponses: test.reduce((sum, t) => sum + t.nExtraResponses, 0),
      interrupted: test.filter((t) => t.timing?.wasInterrupted === true).length,
    },
    practice: {
      roundsTaken: new Set(practice.map((t) => t.block ?? 0)).size,
      criterionMet: practice.length === 0 ? null : meetsPracticeCriterion(config, lastRoundCorrect),
    },
    qcFlags: {
      medianGoRtBelow200: medianGoRtMs !== null && medianGoRtMs < 200,
      omissionRateAbove10Percent: omissionRate !== null && omissionRate > 0.1,
      commissionRateAtLeast90Percent: commissionRate !== null && commissionRate >= 0.9,
    },
  };
  return {
    // Go trials answered are the hits, no-go trials answered the false alarms: 50 for every
    // strategy that does not tell go from no-go.
    overallScore: balancedAccuracyHeadline({
      signal: go.length,
      hits: hits.length,
      noise: noGo.length,
      falseAlarms: commissions.length,
    }),
    totalTrials: test.length,
    correctTrials,
    averageReactionTime: meanGoRtMs,
    scores,
    // The report's cells by the scores' rules: RT over the RT-eligible hits (as meanGoRtMs),
    // errors over every trial (an anticipatory commission is still a commission).
    reportCells: aggregateCells(
      REPORT_CELLS.map((cell) => cell.key),
      test.map((t) => ({
        cell: t.stimulusType,
        isCorrect: t.isCorrect,
        reactionTime: t.reactionTime,
        rtExcluded: !isRtEligible(t),
      })),
    ),
    trialExclusions: listTrialExclusions(test, rtExclusions),
  };
}
