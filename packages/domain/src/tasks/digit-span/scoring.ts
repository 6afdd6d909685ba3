import type { RunScore, StoredTrial } from '../contract';
import { listTrialExclusions } from '../shared/envelope';
import { aggregateCells } from '../shared/report-cells';
import { mean, ratio } from '../shared/statistics';
import { TOO_FAST } from '../shared/time-floors';
import {
  type DigitSpanConfig,
  type DigitSpanDirection,
  getDigitSpanDirections,
  getDigitSpanLadderTrialCount,
} from './config';
import { digitSpanTimesUnderFloor } from './plausibility';
import type { DigitSpanTrial } from './trial';

/**
 * The scores are computed by this version of the rules (test_results.scoring_version). Version
 * 2: a list with a time under its floor ('tooFast', ADR 036) is left out of the time means and
 * the report cells' RT; version 1 took every list's times.
 */
export const DIGIT_SPAN_SCORING_VERSION = 2;

/** The report cells: the test lists of each direction. */
export const DIGIT_SPAN_REPORT_CELLS = [
  { key: 'forward', label: 'Forward' },
  { key: 'backward', label: 'Backward' },
] as const;

/** Why a direction's scores may not mean what they say. */
export const DIGIT_SPAN_INVALID_REASONS = ['practiceNotPassed', 'mostlyEmpty'] as const;
export type DigitSpanInvalidReason = (typeof DIGIT_SPAN_INVALID_REASONS)[number];

/** One direction's scores (test lists only, apart from `practice`). Times in ms. */
export type DigitSpanDirectionScores = {
  /** Test lists given. */
  trials: number;
  /** Total correct: test lists recalled exactly (the Wechsler raw score). */
  totalCorrect: number;
  /** The longest length at which at least one list was recalled exactly; 0 when none was. */
  longestSpan: number;
  /**
   * Two-error maximum length: the longest length recalled correctly before the first length
   * with two failed lists (or with all its lists failed); 0 when none was. With two lists per
   * length the ladder stops exactly there, so it equals longestSpan.
   */
  twoErrorMaxSpan: number;
  /** The longest length given; null without test lists. */
  highestLengthGiven: number | null;
  /** A list of the maximum length was recalled: the span may be higher than the ladder measures. */
  reachedMaxLength: boolean;
  /** Digits presented in the test lists. */
  digitsPresented: number;
  /** Digits entered in their right position, over the test lists (partial credit). */
  correctPositions: number;
  /** correctPositions / digitsPresented. */
  partialCreditProportion: number | null;
  /** Test lists answered with no digit (submitted empty, or timed out without one). */
  emptyAnswers: number;
  /** Test lists whose response time limit ran out. */
  timedOut: number;
  /**
   * Mean answer time (keypad onset to submit) of the correct lists without a time under its
   * floor: descriptive only.
   */
  meanAnswerTimeMs: number | null;
  /** Mean time from the keypad's onset to the first key, over the lists with one and no 'tooFast'. */
  meanFirstKeyMs: number | null;
  /** Practice lists given and whether one was correct; null when the run had no practice. */
  practice: { tries: number; passed: boolean } | null;
  /** False when a reason in invalidReasons applies. */
  valid: boolean;
  /**
   * 'practiceNotPassed': no practice list was answered correctly. 'mostlyEmpty': more than
   * half of the test lists were answered with no digit.
   */
  invalidReasons: DigitSpanInvalidReason[];
};

/**
 * Digit Span's own scores (scoring versions 1 and 2: the same scores), stored in `test_results.scores`, per direction
 * (null for a direction the run did not give). docs/scoring/digit-span.md gives every formula.
 */
export type DigitSpanScores = {
  forward: DigitSpanDirectionScores | null;
  backward: DigitSpanDirectionScores | null;
  /** Forward longest span minus backward longest span; null unless both were given. */
  spanDifference: number | null;
  /** Correct test lists over the directions given. */
  totalCorrect: number;
  /** The most lists that could be correct: every list of every length of the ladders given. */
  maxTotalCorrect: number;
};

/** The fields of a stored trial that scoring reads. */
export type DigitSpanScoredTrial = Pick<
  StoredTrial<DigitSpanTrial>,
  | 'phase'
  | 'trialNumber'
  | 'direction'
  | 'length'
  | 'isCorrect'
  | 'reactionTime'
  | 'nDigitsEntered'
  | 'nCorrectPositions'
  | 'timedOut'
  | 'firstKeyRt'
  | 'nBackspaces'
  | 'response'
> & {
  /** Absent means 0, as in a trial the browser sends. */
  block?: number;
};

/**
 * The two-error maximum length of a direction's test lists: lengths are taken in ascending
 * order, and the first with two failed lists, or with all its lists failed, ends the count.
 */
export function twoErrorMaxSpan(trials: readonly DigitSpanScoredTrial[]): number {
  const lengths = [...new Set(trials.map((t) => t.length))].sort((a, b) => a - b);
  let span = 0;
  for (const length of lengths) {
    const lists = trials.filter((t) => t.length === length);
    const failed = lists.filter((t) => t.isCorrect !== true).length;
    if (failed >= 2 || failed === lists.length) break;
    span = length;
  }
  return span;
}

/** Why a list is left out of the time means: a time under its floor ('tooFast', ADR 036). */
function timeExclusions(list: DigitSpanScoredTrial): string[] {
  return digitSpanTimesUnderFloor(list).length > 0 ? [TOO_FAST] : [];
}

/** Lists whose times the time means take: no time under its floor. */
const isTimed = (list: DigitSpanScoredTrial) => timeExclusions(list).length === 0;

function scoreDirection(
  config: DigitSpanConfig,
  direction: DigitSpanDirection,
  trials: readonly DigitSpanScoredTrial[],
): DigitSpanDirectionScores {
  const test = trials.filter((t) => t.phase === 'test' && t.direction === direction);
  const practice = trials.filter((t) => t.phase === 'practice' && t.direction === direction);
  const correct = test.filter((t) => t.isCorrect === true);
  const longestSpan = Math.max(0, ...correct.map((t) => t.length));
  const digitsPresented = test.reduce((sum, t) => sum + t.length, 0);
  const correctPositions = test.reduce((sum, t) => sum + t.nCorrectPositions, 0);
  const emptyAnswers = test.filter((t) => t.nDigitsEntered === 0).length;
  const practiceResult =
    practice.length === 0
      ? null
      : { tries: practice.length, passed: practice.some((t) => t.isCorrect === true) };
  const invalidReasons: DigitSpanInvalidReason[] = [];
  if (practiceResult && !practiceResult.passed) invalidReasons.push('practiceNotPassed');
  if (emptyAnswers * 2 > test.length) invalidReasons.push('mostlyEmpty');
  const max = direction === 'forward' ? config.forwardMaxLength : config.backwardMaxLength;
  return {
    trials: test.length,
    totalCorrect: correct.length,
    longestSpan,
    twoErrorMaxSpan: twoErrorMaxSpan(test),
    highestLengthGiven: test.length === 0 ? null : Math.max(...test.map((t) => t.length)),
    reachedMaxLength: longestSpan === max,
    digitsPresented,
    correctPositions,
    partialCreditProportion: ratio(correctPositions, digitsPresented),
    emptyAnswers,
    timedOut: test.filter((t) => t.timedOut).length,
    meanAnswerTimeMs: mean(
      correct.filter(isTimed).flatMap((t) => (t.reactionTime === null ? [] : [t.reactionTime])),
    ),
    meanFirstKeyMs: mean(
      test.filter(isTimed).flatMap((t) => (t.firstKeyRt === null ? [] : [t.firstKeyRt])),
    ),
    practice: practiceResult,
    valid: invalidReasons.length === 0,
    invalidReasons,
  };
}

/**
 * A run's scores from its stored trials (every phase; the test lists are scored, practice only
 * judges validity). The headline: overallScore = floor(100 x correct test lists / the ladders'
 * lists), so it grows with every list recalled whatever the ladder reached; correct trials =
 * total correct; averageReactionTime is null, since answer time grows with list length and is
 * not a score of this task.
 */
export function scoreDigitSpan(
  config: DigitSpanConfig,
  trials: readonly DigitSpanScoredTrial[],
): RunScore<DigitSpanScores> {
  const given = getDigitSpanDirections(config);
  const scoreOf = (direction: DigitSpanDirection) =>
    given.includes(direction) ? scoreDirection(config, direction, trials) : null;
  const forward = scoreOf('forward');
  const backward = scoreOf('backward');
  const test = trials.filter((t) => t.phase === 'test');
  const totalCorrect = test.filter((t) => t.isCorrect === true).length;
  const maxTotalCorrect = given.reduce(
    (sum, direction) => sum + getDigitSpanLadderTrialCount(config, direction),
    0,
  );
  return {
    overallScore: maxTotalCorrect === 0 ? 0 : Math.floor((totalCorrect * 100) / maxTotalCorrect),
    totalTrials: test.length,
    correctTrials: totalCorrect,
    averageReactionTime: null,
    scores: {
      forward,
      backward,
      spanDifference: forward && backward ? forward.longestSpan - backward.longestSpan : null,
      totalCorrect,
      maxTotalCorrect,
    },
    // The plain rule: the error rate over each direction's lists, RT = answer time of correct
    // lists, those with a time under its floor left out (as meanAnswerTimeMs).
    reportCells: aggregateCells(
      DIGIT_SPAN_REPORT_CELLS.map((cell) => cell.key),
      test.map((t) => ({
        cell: t.direction,
        isCorrect: t.isCorrect,
        reactionTime: t.reactionTime,
        rtExcluded: !isTimed(t),
      })),
    ),
    trialExclusions: listTrialExclusions(test, timeExclusions),
  };
}
