import { createRng, type Rng, shuffle } from '../shared/random';
import { spreadOverGaps } from '../shared/spread';
import {
  type Config,
  DIGITS,
  FONT_SIZE_COUNT,
  getBlockTrialCount,
  isNogoDigit,
  type Phase,
  PRACTICE_FONT_SIZE_INDEX,
} from './config';

/**
 * A run's plan, as the server keeps it to check each save: one byte a trial per block, the
 * digit and its font size as (digit - 1) x 5 + fontSizeIndex. Practice is empty when it is off.
 */
export type Plan = {
  readonly practice: Uint8Array;
  readonly test: Uint8Array;
};

/** Where a trial sits in a SART run: block 0 of practice or of the test. */
export type Position = { phase: Phase; block: number; trialNumber: number };

/** A planned trial: its position, the digit, whether it is the no-go digit, its font size. */
export type PlannedTrial = Position & {
  digit: number;
  isNogo: boolean;
  fontSizeIndex: number;
};

/** A planned digit in a size, before it has a place in the block. */
type Item = { digit: number; fontSizeIndex: number };

const codeOf = (item: Item) => (item.digit - 1) * FONT_SIZE_COUNT + item.fontSizeIndex;

/** The digit and font size of a plan's code. */
export function decodeCode(code: number): Item {
  return {
    digit: Math.floor(code / FONT_SIZE_COUNT) + 1,
    fontSizeIndex: code % FONT_SIZE_COUNT,
  };
}

/**
 * The test's digits in their sizes, from exact counts: each digit `reps` times, each of its
 * floor(reps / 5) rounds in all five sizes (the factorial design of Stothart's SART: with 25,
 * each digit-size pair 5 times). Any remainder r of sizes is spread so the sizes stay as even
 * as they can over the digits: the digits, in a shuffled order, take r consecutive sizes each
 * from a random starting size on, in turn.
 */
function testItems(rng: Rng, reps: number): Item[] {
  const items: Item[] = [];
  const whole = Math.floor(reps / FONT_SIZE_COUNT);
  const rest = reps % FONT_SIZE_COUNT;
  const start = Math.floor(rng() * FONT_SIZE_COUNT);
  for (const [turn, digit] of shuffle(DIGITS, rng).entries()) {
    for (let round = 0; round < whole; round++) {
      for (let size = 0; size < FONT_SIZE_COUNT; size++) items.push({ digit, fontSizeIndex: size });
    }
    for (let j = 0; j < rest; j++) {
      items.push({ digit, fontSizeIndex: (start + turn * rest + j) % FONT_SIZE_COUNT });
    }
  }
  return items;
}

/**
 * The practice digits, all in the middle size: each digit floor(trials / 9) times, and the
 * remainder a random choice of different digits.
 */
function practiceItems(rng: Rng, trials: number): Item[] {
  const digits: number[] = [];
  for (let round = 0; round < Math.floor(trials / DIGITS.length); round++) {
    digits.push(...DIGITS);
  }
  digits.push(...shuffle(DIGITS, rng).slice(0, trials % DIGITS.length));
  return digits.map((digit) => ({ digit, fontSizeIndex: PRACTICE_FONT_SIZE_INDEX }));
}

/**
 * A block's order from its items: with no limit on no-go runs, a Fisher-Yates shuffle of them
 * all; with a limit, the go items are shuffled and laid out, and the no-go items (shuffled) are
 * spread over the gaps before, between and after them, at most `maxConsecutiveNogo` in a gap
 * (spreadOverGaps). Either way every order that keeps the rule is equally likely.
 */
export function orderBlock(
  rng: Rng,
  items: readonly Item[],
  isNogo: (digit: number) => boolean,
  maxConsecutiveNogo: number,
): Item[] {
  if (maxConsecutiveNogo === 0) return shuffle(items, rng);
  const go = shuffle(
    items.filter((item) => !isNogo(item.digit)),
    rng,
  );
  const nogo = shuffle(
    items.filter((item) => isNogo(item.digit)),
    rng,
  );
  const perGap = spreadOverGaps(
    rng,
    nogo.length,
    go.length + 1,
    maxConsecutiveNogo,
    'no-go digits',
  );
  const ordered: Item[] = [];
  let nextNogo = 0;
  for (let gap = 0; gap <= go.length; gap++) {
    for (let i = 0; i < (perGap[gap] ?? 0); i++) ordered.push(nogo[nextNogo++] as Item);
    const item = go[gap];
    if (item) ordered.push(item);
  }
  return ordered;
}

/**
 * The whole run's plan from its seed, before it starts: practice (when on) and the test, each
 * drawn from a generator of its own (the seed and the phase), so one never shifts the other.
 */
export function plan(seed: string, config: Config): Plan {
  const isNogo = (digit: number) => isNogoDigit(config, digit);
  const block = (phase: Phase, items: (rng: Rng) => Item[]) => {
    const rng = createRng(`${seed}:sart:${phase}`);
    return Uint8Array.from(
      orderBlock(rng, items(rng), isNogo, config.maxConsecutiveNogo).map(codeOf),
    );
  };
  const practiceTrials = getBlockTrialCount(config, 'practice');
  return {
    practice:
      practiceTrials > 0
        ? block('practice', (rng) => practiceItems(rng, practiceTrials))
        : new Uint8Array(0),
    test: block('test', (rng) => testItems(rng, config.repsPerDigit)),
  };
}

/** The planned block of a phase and block number, or undefined if the plan has none. */
export function plannedBlock(plan: Plan, phase: string, block: number) {
  if (block !== 0) return undefined;
  if (phase === 'test') return plan.test;
  if (phase === 'practice') return plan.practice;
  return undefined;
}

/** The planned trial at `position`, or undefined if the plan has no such trial. */
export function plannedTrialAt(
  plan: Plan,
  config: Pick<Config, 'nogoDigit'>,
  position: Position,
): PlannedTrial | undefined {
  const code = plannedBlock(plan, position.phase, position.block)?.[position.trialNumber];
  if (code === undefined) return undefined;
  const { digit, fontSizeIndex } = decodeCode(code);
  return {
    phase: position.phase,
    block: position.block,
    trialNumber: position.trialNumber,
    digit,
    isNogo: isNogoDigit(config, digit),
    fontSizeIndex,
  };
}
