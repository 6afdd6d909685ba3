import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from '../shared/envelope';
import {
  type ArrivalRules,
  findPositionEarlyArrival,
  judgeArrivedRun,
} from '../shared/plausibility';
import {
  DIGIT_SPAN_PRACTICE_LENGTH,
  type DigitSpanConfig,
  type DigitSpanDirection,
  digitSpanDirectionOfBlock,
  getDigitSpanDirections,
  getDigitSpanLengths,
  getDigitSpanMinimumTrialMs,
} from './config';
import type { DigitSpanPosition } from './plan';
import { compareDigitSpanRunOrder, digitSpanLengthOf, isDigitSpanPosition } from './run-order';

/** What the server notes about a trial it keeps. */
export const DIGIT_SPAN_TRIAL_FLAGS = ['emptyAnswer', 'timedOut'] as const;
export type DigitSpanTrialFlag = (typeof DIGIT_SPAN_TRIAL_FLAGS)[number];

/** The flags of a trial: an answer without a digit, a list that timed out. */
export function getDigitSpanTrialFlags(trial: {
  nDigitsEntered: number;
  timedOut: boolean;
}): DigitSpanTrialFlag[] {
  const flags: DigitSpanTrialFlag[] = [];
  if (trial.nDigitsEntered === 0) flags.push('emptyAnswer');
  if (trial.timedOut) flags.push('timedOut');
  return flags;
}

/** The least a run holds before a position, as a count of lists and their least time. */
type Least = { trials: number; ms: number };

const add = (a: Least, b: Least): Least => ({ trials: a.trials + b.trials, ms: a.ms + b.ms });

/** `count` lists of `length` digits. */
const lists = (config: DigitSpanConfig, count: number, length: number): Least => ({
  trials: count,
  ms: count * getDigitSpanMinimumTrialMs(config, length),
});

/** The least a whole direction takes: one practice list (if any) and its start length's lists. */
function leastDirection(config: DigitSpanConfig, direction: DigitSpanDirection): Least {
  const practice = lists(config, Math.min(1, config.practiceMaxTries), DIGIT_SPAN_PRACTICE_LENGTH);
  const { start } = getDigitSpanLengths(config, direction);
  return add(practice, lists(config, config.trialsPerLength, start));
}

/**
 * The least a run holds before `position`: every earlier direction at its shortest, then this
 * direction's practice lists before it (or one practice list, before the test), and every list
 * of the lengths below its own, since each length gives all its lists.
 */
function leastBefore(config: DigitSpanConfig, position: DigitSpanPosition): Least {
  const direction = digitSpanDirectionOfBlock(position.block) ?? 'forward';
  const earlier = getDigitSpanDirections(config).slice(
    0,
    getDigitSpanDirections(config).indexOf(direction),
  );
  let least = earlier.reduce((sum, d) => add(sum, leastDirection(config, d)), {
    trials: 0,
    ms: 0,
  });
  if (position.phase === 'practice') {
    return add(least, lists(config, position.trialNumber, DIGIT_SPAN_PRACTICE_LENGTH));
  }
  least = add(
    least,
    lists(config, Math.min(1, config.practiceMaxTries), DIGIT_SPAN_PRACTICE_LENGTH),
  );
  const { start } = getDigitSpanLengths(config, direction);
  const { length, attempt } = digitSpanLengthOf(config, position);
  for (let shorter = start; shorter < length; shorter++) {
    least = add(least, lists(config, config.trialsPerLength, shorter));
  }
  return add(least, lists(config, attempt - 1, length));
}

/** The least time from a run's start to the list at `position` being sent, ms. */
export function getDigitSpanMinimumArrivalMs(
  config: DigitSpanConfig,
  position: DigitSpanPosition,
): number {
  const { length } = digitSpanLengthOf(config, position);
  return leastBefore(config, position).ms + getDigitSpanMinimumTrialMs(config, length);
}

/** Where Digit Span lists stand in a run, for the shared arrival checks. */
const arrivalRules = (config: DigitSpanConfig): ArrivalRules<DigitSpanPosition> => ({
  isPosition: (position): position is DigitSpanPosition => isDigitSpanPosition(config, position),
  compare: compareDigitSpanRunOrder,
  trialsBefore: (position) => leastBefore(config, position).trials,
  minimumArrivalMs: (position) => getDigitSpanMinimumArrivalMs(config, position),
});

/**
 * Why a trial that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can (within RUN_ARRIVAL_TOLERANCE_MS). Positions the run
 * cannot have are left to the trial check.
 */
export function findDigitSpanEarlyArrival(
  config: DigitSpanConfig,
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
export function findDigitSpanRunImplausibility(
  config: DigitSpanConfig,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  return judgeArrivedRun(arrivalRules(config), runStart, trials);
}
