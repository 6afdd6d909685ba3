import type { SavedTrial } from '../contract';
import {
  BLOCK_OF,
  type Config,
  directionOfBlock,
  getDirections,
  getLengths,
  getTestPositionCount,
  PHASES,
  type Phase,
  PRACTICE_LENGTH,
} from './config';
import { type Position, testPlaceOf, testPosition } from './plan';
import type { Trial } from './trial';

/**
 * The trial fields the run order reads beside the position and correctness (the task
 * contract's `runOrderFields`): whether the list was interrupted, which decides whether a new
 * list is given in its place.
 */
export const RUN_ORDER_FIELDS = ['interrupted'] as const satisfies readonly (keyof Trial)[];

/**
 * A list answered: its correctness (null where unknown, which counts as not correct) and whether
 * it was interrupted (the page hidden or unfocused while it was on).
 */
export type Outcome = { isCorrect: boolean | null; interrupted: boolean };

/** What is known of a position: its outcome once a list there was answered, else undefined. */
export type OutcomeOf = (position: Position) => Outcome | undefined;

/** A position as one string, 'test:1:4', to key maps and elements by. */
export const positionKey = (p: { phase: string; block: number; trialNumber: number }) =>
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
export function walkRun(config: Config, outcomeOf: OutcomeOf): Position | null {
  for (const direction of getDirections(config)) {
    const block = BLOCK_OF[direction];
    for (let trialNumber = 0; trialNumber < config.practiceMaxTries; trialNumber++) {
      const position: Position = { phase: 'practice', block, trialNumber };
      const outcome = outcomeOf(position);
      if (outcome === undefined) return position;
      if (outcome.isCorrect === true) break;
    }
    const { start, max } = getLengths(config, direction);
    let repeatsLeft = config.interruptionRepeats;
    for (let length = start; length <= max; length++) {
      let anyCorrect = false;
      for (let attempt = 1; attempt <= config.trialsPerLength; attempt++) {
        for (let repeat = 0; ; repeat++) {
          const position = testPosition(config, direction, length, attempt, repeat);
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

const isPhase = (phase: string): phase is Phase => (PHASES as readonly string[]).includes(phase);

/**
 * Why `position` is not one the run can have (a given direction's practice list or ladder
 * list), as a message; null when it is.
 */
export function positionProblem(
  config: Config,
  position: { phase: string; block: number; trialNumber: number },
): string | null {
  const { phase, block, trialNumber } = position;
  const direction = directionOfBlock(block);
  if (!direction) return `block ${block} does not exist (0 forward, 1 backward)`;
  if (!isPhase(phase)) return `phase ${phase} does not exist (practice or test)`;
  const count =
    phase === 'practice' ? config.practiceMaxTries : getTestPositionCount(config, direction);
  if (count === 0 || !getDirections(config).includes(direction)) {
    return `This run has no ${direction} ${phase} lists`;
  }
  if (!Number.isInteger(trialNumber) || trialNumber < 0 || trialNumber >= count) {
    return `trialNumber ${trialNumber} does not exist in ${direction} ${phase} (0-${count - 1})`;
  }
  return null;
}

/** Is `position` one the run can have (a given direction's practice list or ladder list)? */
export function isPosition(
  config: Config,
  position: { phase: string; block: number; trialNumber: number },
): position is Position {
  return positionProblem(config, position) === null;
}

/** Orders positions as a run takes them: by direction, practice before test, then by number. */
export function compareRunOrder(a: Position, b: Position): number {
  return (
    a.block - b.block ||
    PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) ||
    a.trialNumber - b.trialNumber
  );
}

/**
 * The outcome of a saved trial: its correctness, and its run-order field `interrupted` (a trial
 * stored without it, as before the field existed, was not given again: read as false).
 */
export function outcomeOfSaved(trial: SavedTrial): Outcome {
  return { isCorrect: trial.isCorrect, interrupted: trial.fields?.interrupted === true };
}

/** The answers of saved trials by position, for walkRun; impossible positions ignored. */
export function outcomesOf(config: Config, saved: readonly SavedTrial[]): OutcomeOf {
  const outcomes = new Map<string, Outcome>();
  for (const trial of saved) {
    if (isPosition(config, trial)) {
      outcomes.set(positionKey(trial), outcomeOfSaved(trial));
    }
  }
  return (position) => outcomes.get(positionKey(position));
}

/**
 * Where a run continues after the trials saved so far: the first list of the run order (walked
 * through their correctness, which decides the practice lists and the ladder) not saved yet;
 * null once every direction has ended.
 */
export function getNextPosition(config: Config, saved: readonly SavedTrial[]): Position | null {
  return walkRun(config, outcomesOf(config, saved));
}

/**
 * The length, 1-based attempt and repeat (0 for the ladder's own list, r for the r-th list given
 * again in its place) of a position; practice lists are never repeats.
 */
export function lengthOf(
  config: Config,
  position: Position,
): { length: number; attempt: number; repeat: number } {
  const direction = directionOfBlock(position.block) ?? 'forward';
  if (position.phase === 'practice') {
    return { length: PRACTICE_LENGTH, attempt: position.trialNumber + 1, repeat: 0 };
  }
  const { length, attempt, repeat } = testPlaceOf(config, direction, position.trialNumber);
  return { length, attempt, repeat };
}
