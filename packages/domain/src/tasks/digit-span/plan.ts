import { createRng, type Rng } from '../shared/random';
import {
  BLOCK_OF,
  type Config,
  type Direction,
  directionOfBlock,
  findConfigProblems,
  getDirections,
  getLadderTrialCount,
  getLengths,
  getListsPerPlace,
  type Phase,
  PRACTICE_LENGTH,
} from './config';

/** The digits lists are drawn from: 1-9 (no 0, so the keypad has no 0 either). */
export const DIGITS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** Drawing a list gives up after this many rejected draws (it never needs more than a few). */
const MAX_DRAWS = 10_000;

/**
 * Does a list hold a run: three successive digits each one more than the one before (4-5-6) or
 * each one less (6-5-4)? Two successive digits one apart (4-5) are allowed.
 */
export function hasDigitRun(digits: readonly number[]): boolean {
  for (let i = 0; i + 2 < digits.length; i++) {
    const a = digits[i] as number;
    const b = digits[i + 1] as number;
    const c = digits[i + 2] as number;
    if (b - a === c - b && Math.abs(b - a) === 1) return true;
  }
  return false;
}

/**
 * One list of `length` digits from 1-9: no digit twice, and no run (hasDigitRun). The digits are
 * the first `length` of a Fisher-Yates shuffle of 1-9, drawn again while they hold a run, so
 * every list that keeps the rules is equally likely.
 */
export function drawDigitList(rng: Rng, length: number): number[] {
  if (!Number.isInteger(length) || length < 1 || length > DIGITS.length) {
    throw new Error(`A list has 1 to ${DIGITS.length} digits, not ${length}`);
  }
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const pool: number[] = [...DIGITS];
    for (let i = 0; i < length; i++) {
      const j = i + Math.floor(rng() * (pool.length - i));
      const a = pool[i] as number;
      pool[i] = pool[j] as number;
      pool[j] = a;
    }
    const list = pool.slice(0, length);
    if (!hasDigitRun(list)) return list;
  }
  throw new Error(`No list of ${length} digits without a run was drawn`);
}

/**
 * One direction's lists, as digit strings ('372'): the practice lists in the order they are
 * given, and the test lists by trial number: place x (1 + interruptionRepeats) + repeat, where
 * place = (length - start) x lists per length + (attempt - 1) and repeat is 0 for the ladder's
 * own list, r for the r-th list given again in its place after an interruption.
 */
export type DirectionPlan = {
  readonly practice: readonly string[];
  readonly test: readonly string[];
};

/**
 * A run's plan, as the server keeps it to check each save: every list any path through the
 * ladder could need (each length x attempt, and every practice list), drawn from the seed before
 * the run starts. A direction the run does not give is null.
 */
export type Plan = {
  readonly forward: DirectionPlan | null;
  readonly backward: DirectionPlan | null;
};

/** Where a trial sits in a Digit Span run (block = the direction's block number). */
export type Position = { phase: Phase; block: number; trialNumber: number };

/** A planned list: its position, what is shown and what the right answer is. */
export type PlannedTrial = Position & {
  direction: Direction;
  length: number;
  /** 1-based: the list within its length (test) or the practice list's number (practice). */
  attempt: number;
  /**
   * 0 for the ladder's own list (and every practice list); r for the r-th list given in its
   * place after the one before was interrupted.
   */
  repeat: number;
  /** The digits shown, in order, as '3-7-2'. */
  presented: string;
  /** The right answer: `presented` in order (forward) or reversed (backward), as '2-7-3'. */
  expected: string;
};

/** Digits as the trial record writes them: '3-7-2'; '' for none. */
export function formatDigits(digits: readonly (number | string)[]): string {
  return digits.join('-');
}

/** The digits of a written list ('3-7-2' -> [3, 7, 2]); [] for ''. */
export function parseDigits(text: string): number[] {
  return text === '' ? [] : text.split('-').map(Number);
}

/**
 * The whole run's plan from its seed: each list drawn from a generator of its own (the seed, the
 * direction, the phase, the list's place and, for a list given again after an interruption, its
 * repeat number), so no list shifts another and the ladder's own lists do not depend on
 * interruptionRepeats. A list given again is a new list of the same length: drawn again while it
 * equals the list of its place or an earlier repeat, since the participant may have seen those.
 * Throws for a configuration findConfigProblems refuses (the settings schema refuses it
 * first).
 */
export function plan(seed: string, config: Config): Plan {
  const problems = findConfigProblems(config);
  if (problems.length > 0) {
    throw new Error(`This Digit Span configuration cannot be run: ${problems.join('; ')}`);
  }
  const given = getDirections(config);
  const perPlace = getListsPerPlace(config);
  const list = (direction: Direction, phase: Phase, index: number, n: number) =>
    drawDigitList(createRng(`${seed}:digit-span:${direction}:${phase}:${index}`), n).join('');
  /** The lists of one place of the ladder: its own, then those given again in its place. */
  const placeLists = (direction: Direction, place: number, n: number): string[] => {
    const lists = [list(direction, 'test', place, n)];
    for (let repeat = 1; repeat < perPlace; repeat++) {
      const rng = createRng(`${seed}:digit-span:${direction}:test:${place}:repeat:${repeat}`);
      let drawn = drawDigitList(rng, n).join('');
      while (lists.includes(drawn)) drawn = drawDigitList(rng, n).join('');
      lists.push(drawn);
    }
    return lists;
  };
  const directionPlan = (direction: Direction): DirectionPlan | null => {
    if (!given.includes(direction)) return null;
    const { start } = getLengths(config, direction);
    return {
      practice: Array.from({ length: config.practiceMaxTries }, (_, i) =>
        list(direction, 'practice', i, PRACTICE_LENGTH),
      ),
      test: Array.from({ length: getLadderTrialCount(config, direction) }, (_, place) =>
        placeLists(direction, place, start + Math.floor(place / config.trialsPerLength)),
      ).flat(),
    };
  };
  return { forward: directionPlan('forward'), backward: directionPlan('backward') };
}

/** Where a test trial number stands on the ladder: its place, length, attempt and repeat. */
export function testPlaceOf(
  config: Config,
  direction: Direction,
  trialNumber: number,
): { place: number; length: number; attempt: number; repeat: number } {
  const perPlace = getListsPerPlace(config);
  const place = Math.floor(trialNumber / perPlace);
  const { start } = getLengths(config, direction);
  return {
    place,
    length: start + Math.floor(place / config.trialsPerLength),
    attempt: (place % config.trialsPerLength) + 1,
    repeat: trialNumber % perPlace,
  };
}

/**
 * The test position of a direction's list of `length` digits, attempt (1-based) `attempt`:
 * the ladder's own list (repeat 0) or the `repeat`-th list given again in its place.
 */
export function testPosition(
  config: Config,
  direction: Direction,
  length: number,
  attempt: number,
  repeat = 0,
): Position {
  const { start } = getLengths(config, direction);
  const place = (length - start) * config.trialsPerLength + attempt - 1;
  return {
    phase: 'test',
    block: BLOCK_OF[direction],
    trialNumber: place * getListsPerPlace(config) + repeat,
  };
}

/** The planned list at `position`, or undefined if the plan has no such list. */
export function plannedTrialAt(
  plan: Plan,
  config: Config,
  position: { phase: string; block: number; trialNumber: number },
): PlannedTrial | undefined {
  const direction = directionOfBlock(position.block);
  if (!direction) return undefined;
  const lists = plan[direction];
  if (!lists || (position.phase !== 'practice' && position.phase !== 'test')) return undefined;
  const digits = lists[position.phase][position.trialNumber];
  if (digits === undefined) return undefined;
  const { phase, block, trialNumber } = position;
  const shown = [...digits];
  const inOrder = direction === 'forward' ? shown : [...shown].reverse();
  const { attempt, repeat } =
    phase === 'practice'
      ? { attempt: trialNumber + 1, repeat: 0 }
      : testPlaceOf(config, direction, trialNumber);
  return {
    phase,
    block,
    trialNumber,
    direction,
    length: shown.length,
    attempt,
    repeat,
    presented: formatDigits(shown),
    expected: formatDigits(inOrder),
  };
}
