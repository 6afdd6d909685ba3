import { englishText, type Text } from '../../texts';
import type { RunScore, StoredTrial, TrialExclusions } from '../contract';
import { balancedAccuracyHeadline } from '../shared/headline';
import { logLinearDPrime, normalQuantile } from '../shared/normal';
import { aggregateCells } from '../shared/report-cells';
import { mean, median, ratio } from '../shared/statistics';
import {
  type Config,
  getLevels,
  type KeyMapping,
  MAX_LEVEL,
  meetsPracticeCriterion,
} from './config';
import { isAnticipation } from './plausibility';
import type { Trial } from './trial';

/**
 * The scores are computed by this version of the rules (test_results.scoring_version). Version
 * 2: the headline is floor(100 x balanced accuracy) over the scored test trials, with "same" as
 * the response (hits on targets, false alarms on non-targets), so that answering "same" to
 * everything, "different" to everything, nothing, or at random scores 50; version 1 took
 * percent correct (always "different" scored 70 at the default 6 targets in 20).
 */
export const SCORING_VERSION = 2;

/** The report cell of a scored test trial at level n: `${n}-target` or `${n}-nontarget`. */
export function reportCellOf(level: number, isTarget: boolean): string {
  return `${level}-${isTarget ? 'target' : 'nontarget'}`;
}

/** The report cells' names, by level. */
const CELL_TEXTS = {
  targets: /*i18n*/ { id: 'tasks.nbackTest.cellTargets', message: '{level}-back targets' },
  nonTargets: /*i18n*/ {
    id: 'tasks.nbackTest.cellNonTargets',
    message: '{level}-back non-targets',
  },
} satisfies Record<string, Text>;

/** The report cells: targets and non-targets of every level the settings allow. */
export const REPORT_CELLS = Array.from({ length: MAX_LEVEL }, (_, i) => [
  { key: reportCellOf(i + 1, true), label: englishText(CELL_TEXTS.targets, { level: i + 1 }) },
  {
    key: reportCellOf(i + 1, false),
    label: englishText(CELL_TEXTS.nonTargets, { level: i + 1 }),
  },
]).flat();

/**
 * The scores of one level's test blocks (scored trials only: fillers are left out). Rates are
 * proportions (0-1); times are ms. A score whose denominator is 0 is null.
 */
export type LevelScores = {
  /** The level. */
  n: number;
  targets: number;
  nonTargets: number;
  /** Targets answered "match". */
  hits: number;
  /** Targets answered "no match" or not at all. */
  misses: number;
  /** Non-targets answered "match". */
  falseAlarms: number;
  /** Non-targets answered "no match". */
  correctRejections: number;
  /** Scored trials without any answer (targets among the misses, non-targets wrong). */
  omissions: number;
  targetOmissions: number;
  nonTargetOmissions: number;
  /** omissions / scored trials. */
  omissionRate: number | null;
  /** hits / targets. */
  hitRate: number | null;
  /** false alarms / non-targets. */
  falseAlarmRate: number | null;
  /**
   * d' with the log-linear correction (Hautus, 1995): Φ⁻¹((hits + 0.5) / (targets + 1)) -
   * Φ⁻¹((false alarms + 0.5) / (non-targets + 1)).
   */
  dPrime: number | null;
  /** The criterion c = -(Φ⁻¹(H*) + Φ⁻¹(F*)) / 2 on the same corrected rates. */
  criterion: number | null;
  /** (hits + correct rejections) / scored trials. */
  accuracy: number | null;
  /** Hits' RTs of at least 150 ms on trials that were not interrupted. */
  meanHitRtMs: number | null;
  medianHitRtMs: number | null;
  /** Correct rejections' RTs, by the same rule. */
  meanCorrectRejectionRtMs: number | null;
  medianCorrectRejectionRtMs: number | null;
  /** Scored trials answered in under 150 ms. */
  anticipations: number;
  /** Non-targets that copy the item n-1 or n+1 back, and those answered "match". */
  lureTrials: number;
  lureFalseAlarms: number;
  /** lure false alarms / lure trials; null when the level had no lures. */
  lureFalseAlarmRate: number | null;
  practice: {
    /** Practice rounds of the level with a saved trial. */
    roundsTaken: number;
    /** Correct scored trials of the last round; null without practice. */
    lastRoundCorrect: number | null;
    /** Did the last round meet the criterion? Null without practice. */
    criterionMet: boolean | null;
  };
  /** The practice criterion was not met: the level's scores carry this flag. */
  practiceCriterionNotMet: boolean;
  /** More than 10 % of the level's scored trials without an answer: unreliable. */
  omissionsAbove10Percent: boolean;
};

/**
 * N-back's own scores (scoring versions 1 and 2: the same scores, `overall.balancedAccuracy`
 * added in version 2), stored in `test_results.scores`: per level, and over all levels.
 * docs/scoring/n-back.md gives every formula and exclusion.
 */
export type Scores = {
  /** The run's key mapping (A: F = match; B: J = match); null without trials. */
  keyMapping: KeyMapping | null;
  /** One entry per level of the configuration, in run order. */
  levels: LevelScores[];
  overall: {
    /**
     * d' of the counts pooled over the levels, with the log-linear correction once: hits and
     * false alarms summed over levels against targets and non-targets summed over levels.
     */
    dPrime: number | null;
    criterion: number | null;
    /** The mean of the levels' own d' (each corrected on its own counts). */
    meanLevelDPrime: number | null;
    hitRate: number | null;
    falseAlarmRate: number | null;
    accuracy: number | null;
    /**
     * (hitRate + (1 - falseAlarmRate)) / 2 on the pooled counts: the headline's basis, targets
     * and non-targets weighed equally. Null without targets or without non-targets; absent in
     * scores of version 1.
     */
    balancedAccuracy?: number | null;
    meanHitRtMs: number | null;
    medianHitRtMs: number | null;
  };
  counts: {
    /** Scored test trials (fillers left out) and fillers. */
    scoredTrials: number;
    fillers: number;
    /** Presses in the SOA after the first, summed over test trials. */
    extraResponses: number;
    /** Test trials during which the page lost focus or was hidden. */
    interrupted: number;
  };
  /** Quality checks: each true (or listing levels) when the run fails it. */
  qcFlags: {
    /** Levels with omissions on more than 10 % of their scored trials. */
    levelsWithOmissionsAbove10Percent: number[];
    /** Levels whose practice criterion was not met. */
    levelsWithPracticeCriterionNotMet: number[];
    /**
     * One answer ("match" or "no match", i.e. one key) in more than 85 % of the answers to scored
     * test trials (fillers left out: they are answered "no match" as told).
     */
    oneKeyAbove85Percent: boolean;
  };
};

/** The fields of a stored trial that scoring reads. */
export type ScoredTrial = Pick<
  StoredTrial<Trial>,
  | 'phase'
  | 'trialNumber'
  | 'level'
  | 'isTarget'
  | 'lureType'
  | 'answer'
  | 'reactionTime'
  | 'isCorrect'
  | 'nExtraResponses'
  | 'keyMapping'
> & {
  /** Absent means 0, as in a trial the browser sends. */
  block?: number;
  timing: { wasInterrupted: boolean } | null;
};

type Scored = ScoredTrial & { isTarget: boolean };

/** Why a scored trial's RT is left out: under 150 ms, or the page was not attended. */
function rtExclusions(trial: ScoredTrial): string[] {
  const exclusions: string[] = [];
  if (isAnticipation(trial.reactionTime)) exclusions.push('anticipation');
  if (trial.timing?.wasInterrupted) exclusions.push('interrupted');
  return exclusions;
}

/** RTs of the trials whose RT counts (a response, no exclusion). */
function eligibleRts(trials: readonly ScoredTrial[]): number[] {
  return trials.flatMap((t) =>
    t.reactionTime !== null && rtExclusions(t).length === 0 ? [t.reactionTime] : [],
  );
}

/** d' and c with the log-linear correction; null without targets or without non-targets. */
function signalDetection(hits: number, targets: number, falseAlarms: number, nonTargets: number) {
  const dPrime = logLinearDPrime(hits, targets, falseAlarms, nonTargets);
  if (dPrime === null) return { dPrime: null, criterion: null };
  const zHit = normalQuantile((hits + 0.5) / (targets + 1));
  const zFalseAlarm = normalQuantile((falseAlarms + 0.5) / (nonTargets + 1));
  return { dPrime, criterion: -(zHit + zFalseAlarm) / 2 };
}

function scoreLevel(
  config: Config,
  n: number,
  test: readonly Scored[],
  practice: readonly ScoredTrial[],
): LevelScores {
  const targets = test.filter((t) => t.isTarget);
  const nonTargets = test.filter((t) => !t.isTarget);
  const hits = targets.filter((t) => t.answer === 'match');
  const falseAlarms = nonTargets.filter((t) => t.answer === 'match');
  const correctRejections = nonTargets.filter((t) => t.answer === 'no-match');
  const targetOmissions = targets.filter((t) => t.answer === null).length;
  const nonTargetOmissions = nonTargets.filter((t) => t.answer === null).length;
  const omissions = targetOmissions + nonTargetOmissions;
  const lures = nonTargets.filter((t) => t.lureType !== 'none');
  const lureFalseAlarms = lures.filter((t) => t.answer === 'match').length;
  const hitRts = eligibleRts(hits);
  const rejectionRts = eligibleRts(correctRejections);
  const omissionRate = ratio(omissions, test.length);

  const rounds = [...new Set(practice.map((t) => t.block ?? 0))].sort((a, b) => a - b);
  const lastRound = rounds.at(-1);
  const lastRoundCorrect =
    lastRound === undefined
      ? null
      : new Set(
          practice
            .filter((t) => (t.block ?? 0) === lastRound && t.isCorrect === true)
            .map((t) => t.trialNumber),
        ).size;
  const criterionMet =
    lastRoundCorrect === null ? null : meetsPracticeCriterion(config, lastRoundCorrect);

  return {
    n,
    targets: targets.length,
    nonTargets: nonTargets.length,
    hits: hits.length,
    misses: targets.length - hits.length,
    falseAlarms: falseAlarms.length,
    correctRejections: correctRejections.length,
    omissions,
    targetOmissions,
    nonTargetOmissions,
    omissionRate,
    hitRate: ratio(hits.length, targets.length),
    falseAlarmRate: ratio(falseAlarms.length, nonTargets.length),
    ...signalDetection(hits.length, targets.length, falseAlarms.length, nonTargets.length),
    accuracy: ratio(hits.length + correctRejections.length, test.length),
    meanHitRtMs: mean(hitRts),
    medianHitRtMs: median(hitRts),
    meanCorrectRejectionRtMs: mean(rejectionRts),
    medianCorrectRejectionRtMs: median(rejectionRts),
    anticipations: test.filter((t) => isAnticipation(t.reactionTime)).length,
    lureTrials: lures.length,
    lureFalseAlarms,
    lureFalseAlarmRate: ratio(lureFalseAlarms, lures.length),
    practice: { roundsTaken: rounds.length, lastRoundCorrect, criterionMet },
    practiceCriterionNotMet: criterionMet === false,
    omissionsAbove10Percent: omissionRate !== null && omissionRate > 0.1,
  };
}

/**
 * A run's scores from its stored trials (every phase; the test's scored trials are scored,
 * practice only for its criterion). The headline: overallScore = floor(100 x balanced accuracy)
 * over all scored test trials (fillers left out; lures are non-targets; interrupted trials and
 * anticipations count by their answer), with "same" as the response: H = targets answered
 * "same" / targets, F = non-targets answered "same" / non-targets. Correct trials = hits +
 * correct rejections, averageReactionTime = the mean RT of hits over all levels.
 */
export function score(config: Config, trials: readonly ScoredTrial[]): RunScore<Scores> {
  const test = trials.filter((t) => t.phase === 'test');
  const scored = test.filter((t): t is Scored => t.isTarget !== null);
  const levels = getLevels(config).map((n) =>
    scoreLevel(
      config,
      n,
      scored.filter((t) => t.level === n),
      trials.filter((t) => t.phase === 'practice' && t.level === n),
    ),
  );
  const sum = (pick: (level: LevelScores) => number) =>
    levels.reduce((total, level) => total + pick(level), 0);
  const hits = sum((l) => l.hits);
  const targets = sum((l) => l.targets);
  const falseAlarms = sum((l) => l.falseAlarms);
  const nonTargets = sum((l) => l.nonTargets);
  const correctTrials = hits + sum((l) => l.correctRejections);
  const hitRts = eligibleRts(scored.filter((t) => t.isTarget && t.answer === 'match'));
  const levelDPrimes = levels.flatMap((l) => (l.dPrime === null ? [] : [l.dPrime]));
  // Scored trials only: fillers are answered "different" as the participant is told.
  const answers = scored.flatMap((t) => (t.answer === null ? [] : [t.answer]));
  const matchShare = ratio(answers.filter((a) => a === 'match').length, answers.length);
  const pooled = signalDetection(hits, targets, falseAlarms, nonTargets);

  const scores: Scores = {
    keyMapping: trials[0]?.keyMapping ?? null,
    levels,
    overall: {
      dPrime: pooled.dPrime,
      criterion: pooled.criterion,
      meanLevelDPrime: mean(levelDPrimes),
      hitRate: ratio(hits, targets),
      falseAlarmRate: ratio(falseAlarms, nonTargets),
      accuracy: ratio(correctTrials, scored.length),
      balancedAccuracy:
        targets > 0 && nonTargets > 0
          ? (hits / targets + (nonTargets - falseAlarms) / nonTargets) / 2
          : null,
      meanHitRtMs: mean(hitRts),
      medianHitRtMs: median(hitRts),
    },
    counts: {
      scoredTrials: scored.length,
      fillers: test.length - scored.length,
      extraResponses: test.reduce((total, t) => total + t.nExtraResponses, 0),
      interrupted: test.filter((t) => t.timing?.wasInterrupted === true).length,
    },
    qcFlags: {
      levelsWithOmissionsAbove10Percent: levels
        .filter((l) => l.omissionsAbove10Percent)
        .map((l) => l.n),
      levelsWithPracticeCriterionNotMet: levels
        .filter((l) => l.practiceCriterionNotMet)
        .map((l) => l.n),
      oneKeyAbove85Percent: matchShare !== null && Math.max(matchShare, 1 - matchShare) > 0.85,
    },
  };
  // Every scored trial, with what it is left out of (nothing for most): the export tells a
  // scored trial that counts everywhere ('none') from one the scoring did not read (fillers).
  const trialExclusions: TrialExclusions[] = scored.map((t) => ({
    phase: t.phase,
    block: t.block ?? 0,
    trialNumber: t.trialNumber,
    exclusions: rtExclusions(t),
  }));
  return {
    // "Same" is the response: "different" and no answer both withhold it, so that every
    // strategy that does not tell targets from non-targets scores 50.
    overallScore: balancedAccuracyHeadline({
      signal: targets,
      hits,
      noise: nonTargets,
      falseAlarms,
    }),
    totalTrials: scored.length,
    correctTrials,
    averageReactionTime: scores.overall.meanHitRtMs,
    scores,
    // The report's cells by the scores' rules: RTs of correct answers, anticipations and
    // interrupted trials left out of the RT; errors over every scored trial.
    reportCells: aggregateCells(
      REPORT_CELLS.map((cell) => cell.key),
      scored.map((t) => ({
        cell: reportCellOf(t.level, t.isTarget),
        isCorrect: t.isCorrect,
        reactionTime: rtExclusions(t).length === 0 ? t.reactionTime : null,
      })),
    ),
    trialExclusions,
  };
}
