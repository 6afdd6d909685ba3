import { englishText } from '../../texts';
import type { RunScore, StoredTrial } from '../contract';
import { listTrialExclusions } from '../shared/envelope';
import { aggregateCells } from '../shared/report-cells';
import { mean, ratio } from '../shared/statistics';
import { TOO_FAST } from '../shared/time-floors';
import { type Config, type Direction, getDirections, getLadderTrialCount } from './config';
import { timesUnderFloor } from './plausibility';
import type { Trial } from './trial';

/**
 * The scores are computed by this version of the rules (test_results.scoring_version). Version
 * 3: an interrupted test list given again (interruptionRepeats) is left out of every score, and
 * one scored by its answer once no repeat was left is left out of the time means and flags its
 * direction; version 2: a list with a time under its floor ('tooFast', ADR 036) is left out of
 * the time means and the report cells' RT; version 1 took every list's times.
 */
export const SCORING_VERSION = 3;

/** The report cells: the test lists of each direction. */
export const REPORT_CELLS = [
  {
    key: 'forward',
    label: englishText(/*i18n*/ { id: 'tasks.digitSpanTest.cellForward', message: 'Forward' }),
  },
  {
    key: 'backward',
    label: englishText(/*i18n*/ { id: 'tasks.digitSpanTest.cellBackward', message: 'Backward' }),
  },
] as const;

/** Why a direction's scores may not mean what they say. */
export const INVALID_REASONS = [
  'practiceNotPassed',
  'mostlyEmpty',
  'interruptedOverLimit',
] as const;
export type InvalidReason = (typeof INVALID_REASONS)[number];

/**
 * Why a test list is left out of some scores (its stored exclusions): 'interrupted', given again
 * in its place, so left out of every score; 'interruptedOverLimit', interrupted when no repeat
 * was left, so scored by its answer but left out of the time means; 'tooFast', a time under its
 * floor (ADR 036), left out of the time means.
 */
export const EXCLUSIONS = ['interrupted', 'interruptedOverLimit', TOO_FAST] as const;
export type Exclusion = (typeof EXCLUSIONS)[number];

/** One direction's scores (test lists only, apart from `practice`). Times in ms. */
export type DirectionScores = {
  /** Test lists scored: those given, less the interrupted ones given again (version 3 on). */
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
  /**
   * Interrupted test lists given again in their place (a new list of the same length): left out
   * of every score. Scoring version 3 on; absent from earlier versions' scores.
   */
  interrupted?: number;
  /**
   * Interrupted test lists scored by their answer, since the direction had no repeat left
   * (interruptionRepeats): left out of the time means only. Scoring version 3 on.
   */
  interruptedOverLimit?: number;
  /** False when a reason in invalidReasons applies. */
  valid: boolean;
  /**
   * 'practiceNotPassed': no practice list was answered correctly. 'mostlyEmpty': more than
   * half of the test lists scored were answered with no digit. 'interruptedOverLimit': an
   * interrupted list was scored by its answer (version 3 on).
   */
  invalidReasons: InvalidReason[];
};

/**
 * Digit Span's own scores, stored in `test_results.scores`, per direction (null for a direction
 * the run did not give): the same shape in every scoring version, version 3 adding each
 * direction's interruption counts. docs/scoring/digit-span.md gives every formula.
 */
export type Scores = {
  forward: DirectionScores | null;
  backward: DirectionScores | null;
  /** Forward longest span minus backward longest span; null unless both were given. */
  spanDifference: number | null;
  /** Correct test lists over the directions given. */
  totalCorrect: number;
  /** The most lists that could be correct: every list of every length of the ladders given. */
  maxTotalCorrect: number;
};

/** The fields of a stored trial that scoring reads. */
export type ScoredTrial = Pick<
  StoredTrial<Trial>,
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
  /** Absent in trials stored before the field existed: timing.wasInterrupted says it. */
  interrupted?: boolean;
  /** Null for a simulated trial; absent where the caller has none. */
  timing?: { wasInterrupted: boolean } | null;
};

/** Was a list interrupted (the page hidden or unfocused while it was on)? */
export function isListInterrupted(list: ScoredTrial): boolean {
  return list.interrupted ?? list.timing?.wasInterrupted === true;
}

/**
 * What each interrupted test list is to the scores: in each direction, in run
 * order (test trial numbers follow it), the first interruptionRepeats interrupted lists were
 * given again ('interrupted': left out of every score), the later ones were scored by their
 * answer ('interruptedOverLimit'), as the run order gave them (walkRun).
 */
function interruptionsOf(
  config: Config,
  test: readonly ScoredTrial[],
): Map<ScoredTrial, Exclusion> {
  const kinds = new Map<ScoredTrial, Exclusion>();
  for (const direction of getDirections(config)) {
    const interrupted = test
      .filter((t) => t.direction === direction && isListInterrupted(t))
      .sort((a, b) => a.trialNumber - b.trialNumber);
    interrupted.forEach((list, i) => {
      kinds.set(list, i < config.interruptionRepeats ? 'interrupted' : 'interruptedOverLimit');
    });
  }
  return kinds;
}

/**
 * The two-error maximum length of a direction's test lists: lengths are taken in ascending
 * order, and the first with two failed lists, or with all its lists failed, ends the count.
 */
export function twoErrorMaxSpan(trials: readonly ScoredTrial[]): number {
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

/** A test list's exclusions and what they leave it out of. */
type Judged = { exclusions: Exclusion[]; isScored: boolean; isTimed: boolean };

/**
 * A test list's exclusions: its interruption (interruptionsOf), and a time under its floor
 * ('tooFast', ADR 036). A list given again is scored nowhere; the time means take only lists
 * with no exclusion.
 */
function judge(list: ScoredTrial, interruptions: ReadonlyMap<ScoredTrial, Exclusion>): Judged {
  const interruption = interruptions.get(list);
  const exclusions: Exclusion[] = interruption ? [interruption] : [];
  if (timesUnderFloor(list).length > 0) exclusions.push(TOO_FAST);
  return {
    exclusions,
    isScored: interruption !== 'interrupted',
    isTimed: exclusions.length === 0,
  };
}

function scoreDirection(
  config: Config,
  direction: Direction,
  trials: readonly ScoredTrial[],
  judged: ReadonlyMap<ScoredTrial, Judged>,
): DirectionScores {
  const given = trials.filter((t) => t.phase === 'test' && t.direction === direction);
  const judgedOf = (t: ScoredTrial) => judged.get(t) as Judged;
  const isTimed = (t: ScoredTrial) => judgedOf(t).isTimed;
  const test = given.filter((t) => judgedOf(t).isScored);
  const overLimit = given.filter((t) =>
    judgedOf(t).exclusions.includes('interruptedOverLimit'),
  ).length;
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
  const invalidReasons: InvalidReason[] = [];
  if (practiceResult && !practiceResult.passed) invalidReasons.push('practiceNotPassed');
  if (emptyAnswers * 2 > test.length) invalidReasons.push('mostlyEmpty');
  if (overLimit > 0) invalidReasons.push('interruptedOverLimit');
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
    interrupted: given.length - test.length,
    interruptedOverLimit: overLimit,
    valid: invalidReasons.length === 0,
    invalidReasons,
  };
}

/**
 * A run's scores from its stored trials (every phase; the test lists are scored, practice only
 * judges validity). An interrupted test list given again is left out of every score (neither
 * right nor wrong); one scored by its answer once no repeat was left counts, but not in the time
 * means, and flags its direction. The headline: overallScore = floor(100 x correct test lists
 * scored / the ladders' lists), so it grows with every list recalled whatever the ladder
 * reached; total trials = every test list given; correct trials = total correct;
 * averageReactionTime is null, since answer time grows with list length and is not a score of
 * this task.
 */
export function score(config: Config, trials: readonly ScoredTrial[]): RunScore<Scores> {
  const given = getDirections(config);
  const test = trials.filter((t) => t.phase === 'test');
  const interruptions = interruptionsOf(config, test);
  const judged = new Map(test.map((t) => [t, judge(t, interruptions)]));
  const judgedOf = (t: ScoredTrial) => judged.get(t) as Judged;
  const scoreOf = (direction: Direction) =>
    given.includes(direction) ? scoreDirection(config, direction, trials, judged) : null;
  const forward = scoreOf('forward');
  const backward = scoreOf('backward');
  const scored = test.filter((t) => judgedOf(t).isScored);
  const totalCorrect = scored.filter((t) => t.isCorrect === true).length;
  const maxTotalCorrect = given.reduce(
    (sum, direction) => sum + getLadderTrialCount(config, direction),
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
    // The plain rule: the error rate over each direction's lists scored (a list given again has
    // no correctness here), RT = answer time of correct lists without an exclusion (as
    // meanAnswerTimeMs).
    reportCells: aggregateCells(
      REPORT_CELLS.map((cell) => cell.key),
      test.map((t) => ({
        cell: t.direction,
        isCorrect: judgedOf(t).isScored ? t.isCorrect : null,
        reactionTime: t.reactionTime,
        rtExcluded: !judgedOf(t).isTimed,
      })),
    ),
    trialExclusions: listTrialExclusions(test, (t) => judgedOf(t).exclusions),
  };
}
