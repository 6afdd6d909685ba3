import type { SavedTrial } from '../contract';
import {
  DIGIT_SPAN_BLOCK_OF,
  DIGIT_SPAN_PHASES,
  DIGIT_SPAN_PRACTICE_LENGTH,
  type DigitSpanConfig,
  type DigitSpanPhase,
  digitSpanDirectionOfBlock,
  getDigitSpanDirections,
  getDigitSpanLengths,
  getDigitSpanTestPositionCount,
} from './config';
import { type DigitSpanPosition, digitSpanTestPlaceOf, digitSpanTestPosition } from './plan';
import type { DigitSpanTrial } from './trial';

/**
 * The trial fields the run order reads beside the position and correctness (the task
 * contract's `runOrderFields`): whether the list was interrupted, which decides whether a new
 * list is given in its place.
 */
export const DIGIT_SPAN_RUN_ORDER_FIELDS = [
  'interrupted',
] as const satisfies readonly (keyof DigitSpanTrial)[];

/**
 * A list answered: its correctness (null where unknown, which counts as not correct) and whether
 * it was interrupted (the page hidden or unfocused while it was on).
 */
export type DigitSpanOutcome = { isCorrect: boolean | null; interrupted: boolean };

/** What is known of a position: its outcome once a list there was answered, else undefined. */
export type DigitSpanOutcomeOf = (position: DigitSpanPosition) => DigitSpanOutcome | undefined;

/** A position as one string, 'test:1:4', to key maps and elements by. */
export const digitSpanPositionKey = (p: { phase: string; block: number; trialNumber: number }) =>
  `${p.phase}:${p.block}:${p.trialNumber}`;

/**
 * The run order, walked from the start through the answers known: in each direction (forward
 * first), practice lists until one is correct or practiceMaxTries were given, then the ladder
 * from the start length, every list of a length given, the next length only when at least one
 * of them was correct, up to the maximum length. A test list that was interrupted, while the
 * direction has repeats left (interruptionRepeats, counted over the direction), counts neither
 * way: a new list of the same length is given in its place (its repeat position), and that one
 * decides the place. Once the repeats are used up, an interrupted list counts by its answer.
 * Practice lists count by their answers, interrupted or not. Returns the first position not
 * answered yet, or null when the run is over (every direction ended by its stop rule or its
 * maximum).
 */
export function walkDigitSpanRun(
  config: DigitSpanConfig,
  outcomeOf: DigitSpanOutcomeOf,
): DigitSpanPosition | null {
  for (const direction of getDigitSpanDirections(config)) {
    const block = DIGIT_SPAN_BLOCK_OF[direction];
    for (let trialNumber = 0; trialNumber < config.practiceMaxTries; trialNumber++) {
      const position: DigitSpanPosition = { phase: 'practice', block, trialNumber };
      const outcome = outcomeOf(position);
      if (outcome === undefined) return position;
      if (outcome.isCorrect === true) break;
    }
    const { start, max } = getDigitSpanLengths(config, direction);
    let repeatsLeft = config.interruptionRepeats;
    for (let length = start; length <= max; length++) {
      let anyCorrect = false;
      for (let attempt = 1; attempt <= config.trialsPerLength; attempt++) {
        for (let repeat = 0; ; repeat++) {
          const position = digitSpanTestPosition(config, direction, length, attempt, repeat);
          const outcome = outcomeOf(position);
          if (outcome === undefined) return position;
          if (outcome.interrupted && repeatsLeft > 0) {
            repeatsLeft--;
            continue;
          }
          if (outcome.isCorrect === true) anyCorrect = true;
          break;
        }
      }
      if (!anyCorrect) break;
    }
  }
  return null;
}

const isPhase = (phase: string): phase is DigitSpanPhase =>
  (DIGIT_SPAN_PHASES as readonly string[]).includes(phase);

/**
 * Why `position` is not one the run can have (a given direction's practice list or ladder
 * list), as a message; null when it is.
 */
export function digitSpanPositionProblem(
  config: DigitSpanConfig,
  position: { phase: string; block: number; trialNumber: number },
): string | null {
  const { phase, block, trialNumber } = position;
  const direction = digitSpanDirectionOfBlock(block);
  if (!direction) return `block ${block} does not exist (0 forward, 1 backward)`;
  if (!isPhase(phase)) return `phase ${phase} does not exist (practice or test)`;
  const count =
    phase === 'practice'
      ? config.practiceMaxTries
      : getDigitSpanTestPositionCount(config, direction);
  if (count === 0 || !getDigitSpanDirections(config).includes(direction)) {
    return `This run has no ${direction} ${phase} lists`;
  }
  if (!Number.isInteger(trialNumber) || trialNumber < 0 || trialNumber >= count) {
    return `trialNumber ${trialNumber} does not exist in ${direction} ${phase} (0-${count - 1})`;
  }
  return null;
}

/** Is `position` one the run can have (a given direction's practice list or ladder list)? */
export function isDigitSpanPosition(
  config: DigitSpanConfig,
  position: { phase: string; block: number; trialNumber: number },
): position is DigitSpanPosition {
  return digitSpanPositionProblem(config, position) === null;
}

/** Orders positions as a run takes them: by direction, practice before test, then by number. */
export function compareDigitSpanRunOrder(a: DigitSpanPosition, b: DigitSpanPosition): number {
  return (
    a.block - b.block ||
    DIGIT_SPAN_PHASES.indexOf(a.phase) - DIGIT_SPAN_PHASES.indexOf(b.phase) ||
    a.trialNumber - b.trialNumber
  );
}

/**
 * The outcome of a saved trial: its correctness, and its run-order field `interrupted` (a trial
 * stored without it, as before the field existed, was not given again: read as false).
 */
export function digitSpanOutcomeOfSaved(trial: SavedTrial): DigitSpanOutcome {
  return { isCorrect: trial.isCorrect, interrupted: trial.fields?.interrupted === true };
}

/** The answers of saved trials by position, for walkDigitSpanRun; impossible positions ignored. */
export function digitSpanOutcomesOf(
  config: DigitSpanConfig,
  saved: readonly SavedTrial[],
): DigitSpanOutcomeOf {
  const outcomes = new Map<string, DigitSpanOutcome>();
  for (const trial of saved) {
    if (isDigitSpanPosition(config, trial)) {
      outcomes.set(digitSpanPositionKey(trial), digitSpanOutcomeOfSaved(trial));
    }
  }
  return (position) => outcomes.get(digitSpanPositionKey(position));
}

/**
 * Where a run continues after the trials saved so far: the first list of the run order (walked
 * through their correctness, which decides the practice lists and the ladder) not saved yet;
 * null once every direction has ended.
 */
export function getDigitSpanNextPosition(
  config: DigitSpanConfig,
  saved: readonly SavedTrial[],
): DigitSpanPosition | null {
  return walkDigitSpanRun(config, digitSpanOutcomesOf(config, saved));
}

/**
 * The length, 1-based attempt and repeat (0 for the ladder's own list, r for the r-th list given
 * again in its place) of a position; practice lists are never repeats.
 */
export function digitSpanLengthOf(
  config: DigitSpanConfig,
  position: DigitSpanPosition,
): { length: number; attempt: number; repeat: number } {
  const direction = digitSpanDirectionOfBlock(position.block) ?? 'forward';
  if (position.phase === 'practice') {
    return { length: DIGIT_SPAN_PRACTICE_LENGTH, attempt: position.trialNumber + 1, repeat: 0 };
  }
  const { length, attempt, repeat } = digitSpanTestPlaceOf(config, direction, position.trialNumber);
  return { length, attempt, repeat };
}
