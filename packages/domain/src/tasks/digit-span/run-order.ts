import type { SavedTrial } from '../contract';
import {
  DIGIT_SPAN_BLOCK_OF,
  DIGIT_SPAN_PHASES,
  DIGIT_SPAN_PRACTICE_LENGTH,
  type DigitSpanConfig,
  type DigitSpanPhase,
  digitSpanDirectionOfBlock,
  getDigitSpanDirections,
  getDigitSpanLadderTrialCount,
  getDigitSpanLengths,
} from './config';
import { type DigitSpanPosition, digitSpanTestPosition } from './plan';

/**
 * What is known of a position: true or false once a list there was answered (null where its
 * correctness is unknown, which counts as not correct), undefined while it was not.
 */
export type DigitSpanOutcomeOf = (position: DigitSpanPosition) => boolean | null | undefined;

/** A position as one string, 'test:1:4', to key maps and elements by. */
export const digitSpanPositionKey = (p: { phase: string; block: number; trialNumber: number }) =>
  `${p.phase}:${p.block}:${p.trialNumber}`;

/**
 * The run order, walked from the start through the answers known: in each direction (forward
 * first), practice lists until one is correct or practiceMaxTries were given, then the ladder
 * from the start length, every list of a length given, the next length only when at least one
 * of them was correct, up to the maximum length. Returns the first position not answered yet,
 * or null when the run is over (every direction ended by its stop rule or its maximum).
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
      if (outcome === true) break;
    }
    const { start, max } = getDigitSpanLengths(config, direction);
    for (let length = start; length <= max; length++) {
      let anyCorrect = false;
      for (let attempt = 1; attempt <= config.trialsPerLength; attempt++) {
        const position = digitSpanTestPosition(config, direction, length, attempt);
        const outcome = outcomeOf(position);
        if (outcome === undefined) return position;
        if (outcome === true) anyCorrect = true;
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
      : getDigitSpanLadderTrialCount(config, direction);
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

/** The answers of saved trials by position, for walkDigitSpanRun; impossible positions ignored. */
export function digitSpanOutcomesOf(
  config: DigitSpanConfig,
  saved: readonly SavedTrial[],
): DigitSpanOutcomeOf {
  const outcomes = new Map<string, boolean | null>();
  for (const trial of saved) {
    if (isDigitSpanPosition(config, trial))
      outcomes.set(digitSpanPositionKey(trial), trial.isCorrect);
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

/** The length and 1-based attempt of a test position of a direction's ladder. */
export function digitSpanLengthOf(
  config: DigitSpanConfig,
  position: DigitSpanPosition,
): { length: number; attempt: number } {
  const direction = digitSpanDirectionOfBlock(position.block) ?? 'forward';
  if (position.phase === 'practice')
    return { length: DIGIT_SPAN_PRACTICE_LENGTH, attempt: position.trialNumber + 1 };
  const { start } = getDigitSpanLengths(config, direction);
  return {
    length: start + Math.floor(position.trialNumber / config.trialsPerLength),
    attempt: (position.trialNumber % config.trialsPerLength) + 1,
  };
}
