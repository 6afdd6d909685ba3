import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from '../shared/envelope';
import {
  type ArrivalRules,
  findPositionEarlyArrival,
  judgeArrivedRun,
} from '../shared/plausibility';
import {
  fieldsUnderFloor,
  INPUT_INTERVAL_FLOOR_MS,
  SIMPLE_REACTION_FLOOR_MS,
  TOO_FAST,
} from '../shared/time-floors';
import {
  type Config,
  type Direction,
  directionOfBlock,
  getDirections,
  getLengths,
  getMinimumTrialMs,
  PRACTICE_LENGTH,
} from './config';
import type { Position } from './plan';
import { compareRunOrder, isPosition, lengthOf } from './run-order';
import type { Trial } from './trial';

/**
 * The floor of `firstKeyRt` (the keypad's onset to the answer's first key), ms: no key can answer
 * the keypad sooner than a simple reaction to it (ADR 036).
 */
export const FIRST_KEY_FLOOR_MS = SIMPLE_REACTION_FLOOR_MS;

/**
 * The floor of each key after the first up to the submit, ms, on average over the answer: the
 * record holds only the first key's and the submit's times, so the answer time (`reactionTime`)
 * must leave at least this much per key between them (ADR 036).
 */
export const KEY_INTERVAL_FLOOR_MS = INPUT_INTERVAL_FLOOR_MS;

/** What the reaction-time floor reads of a list. */
type TimedList = Pick<
  Trial,
  'firstKeyRt' | 'reactionTime' | 'nDigitsEntered' | 'nBackspaces' | 'response'
>;

/**
 * The floor of a list's answer time (`reactionTime`, the keypad's onset to the submit), ms: its
 * first key at the first-key floor (or later, when it came later), then every further key it
 * took at least a key interval after the one before: each digit left in the answer, each
 * Backspace and the submit (the least count: a digit taken away by a Backspace is not counted).
 */
export function getAnswerTimeFloorMs(list: TimedList): number {
  const keys = list.nDigitsEntered + list.nBackspaces + (list.response === null ? 0 : 1);
  const firstKeyMs = Math.max(list.firstKeyRt ?? 0, FIRST_KEY_FLOOR_MS);
  return firstKeyMs + Math.max(0, keys - 1) * KEY_INTERVAL_FLOOR_MS;
}

/** The timed fields of a list under their floor (ADR 036): 'firstKeyRt', 'reactionTime'. */
export function timesUnderFloor(list: TimedList): string[] {
  return fieldsUnderFloor([
    { field: 'firstKeyRt', ms: list.firstKeyRt, floorMs: FIRST_KEY_FLOOR_MS },
    { field: 'reactionTime', ms: list.reactionTime, floorMs: getAnswerTimeFloorMs(list) },
  ]);
}

/** What the server notes about a trial it keeps. */
export const TRIAL_FLAGS = ['emptyAnswer', 'timedOut', TOO_FAST] as const;
export type TrialFlag = (typeof TRIAL_FLAGS)[number];

/**
 * The flags of a trial: an answer without a digit, a list that timed out, a time under its floor
 * ('tooFast'). They follow from the trial alone, so a replay gets the same ones.
 */
export function getTrialFlags(trial: TimedList & { timedOut: boolean }): TrialFlag[] {
  const flags: TrialFlag[] = [];
  if (trial.nDigitsEntered === 0) flags.push('emptyAnswer');
  if (trial.timedOut) flags.push('timedOut');
  if (timesUnderFloor(trial).length > 0) flags.push(TOO_FAST);
  return flags;
}

/** The least a run holds before a position, as a count of lists and their least time. */
type Least = { trials: number; ms: number };

const add = (a: Least, b: Least): Least => ({ trials: a.trials + b.trials, ms: a.ms + b.ms });

/** `count` lists of `length` digits. */
const lists = (config: Config, count: number, length: number): Least => ({
  trials: count,
  ms: count * getMinimumTrialMs(config, length),
});

/** The least a whole direction takes: one practice list (if any) and its start length's lists. */
function leastDirection(config: Config, direction: Direction): Least {
  const practice = lists(config, Math.min(1, config.practiceMaxTries), PRACTICE_LENGTH);
  const { start } = getLengths(config, direction);
  return add(practice, lists(config, config.trialsPerLength, start));
}

/**
 * The least a run holds before `position`: every earlier direction at its shortest, then this
 * direction's practice lists before it (or one practice list, before the test), every list
 * of the lengths below its own, since each length gives all its lists, and for a list given
 * again after an interruption the lists it stands in place of.
 */
function leastBefore(config: Config, position: Position): Least {
  const direction = directionOfBlock(position.block) ?? 'forward';
  const earlier = getDirections(config).slice(0, getDirections(config).indexOf(direction));
  let least = earlier.reduce((sum, d) => add(sum, leastDirection(config, d)), {
    trials: 0,
    ms: 0,
  });
  if (position.phase === 'practice') {
    return add(least, lists(config, position.trialNumber, PRACTICE_LENGTH));
  }
  least = add(least, lists(config, Math.min(1, config.practiceMaxTries), PRACTICE_LENGTH));
  const { start } = getLengths(config, direction);
  const { length, attempt, repeat } = lengthOf(config, position);
  for (let shorter = start; shorter < length; shorter++) {
    least = add(least, lists(config, config.trialsPerLength, shorter));
  }
  // The earlier lists of its length, and the interrupted lists it is given in place of.
  return add(least, lists(config, attempt - 1 + repeat, length));
}

/** The least time from a run's start to the list at `position` being sent, ms. */
export function getMinimumArrivalMs(config: Config, position: Position): number {
  const { length } = lengthOf(config, position);
  return leastBefore(config, position).ms + getMinimumTrialMs(config, length);
}

/** Where Digit Span lists stand in a run, for the shared arrival checks. */
const arrivalRules = (config: Config): ArrivalRules<Position> => ({
  isPosition: (position): position is Position => isPosition(config, position),
  compare: compareRunOrder,
  trialsBefore: (position) => leastBefore(config, position).trials,
  minimumArrivalMs: (position) => getMinimumArrivalMs(config, position),
});

/**
 * Why a trial that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can (within RUN_ARRIVAL_TOLERANCE_MS). Positions the run
 * cannot have are left to the trial check.
 */
export function findEarlyArrival(
  config: Config,
  position: TrialPosition,
  elapsedMs: number,
): string | null {
  return findPositionEarlyArrival(arrivalRules(config), position, elapsedMs);
}

/**
 * Why a run cannot have been taken by a person, or null if it can: its lists reached the server
 * sooner after the run's start than showing and answering them takes, or the device's clock
 * times of its lists go backwards. Scores of such a run are still kept.
 */
export function findRunImplausibility(
  config: Config,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  return judgeArrivedRun(arrivalRules(config), runStart, trials);
}
