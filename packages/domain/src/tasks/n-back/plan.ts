import { createRng, type Rng } from '../shared/random';
import {
  type BlockCounts,
  blockNumber,
  type Config,
  findConfigProblems,
  getBlockCounts,
  getBlocksPerLevel,
  getLevels,
  type KeyMapping,
  LETTERS,
  type Letter,
  type Phase,
  resolveKeyMapping,
  splitBlock,
} from './config';
import {
  drawLayout,
  LURE_N_MINUS_1,
  LURE_N_PLUS_1,
  NONTARGET,
  packedLayout,
  TARGET,
} from './layout';

export { MAX_TARGET_RUN } from './layout';

/** What a planned position is: a filler, a target, a plain non-target or a lure of either kind. */
export const KINDS = ['filler', 'target', 'nontarget', 'lure-n-1', 'lure-n+1'] as const;
export type Kind = (typeof KINDS)[number];

/** Which item n-1 or n+1 back a non-target copies; 'none' for every other trial. */
export const LURE_TYPES = ['none', 'n-1', 'n+1'] as const;
export type LureType = (typeof LURE_TYPES)[number];

/** A trial's code in a planned block: letter index + 8 x kind index (layout.ts), one byte. */
const KIND_FACTOR = 8;

/**
 * Random layouts, and letters per layout, tried before a block without lures is given up (in
 * practice never: its letters fail only by chance), and random layouts tried before a block
 * with lures falls back on the packed layout (which the settings check: it always holds the
 * lures they accept).
 */
const LAYOUT_ATTEMPTS = 1000;
const LETTER_ATTEMPTS = 100;
const LURE_LAYOUT_ATTEMPTS = 100;

/** No letter is shown more than this many times in a row. */
export const MAX_SAME_LETTER_RUN = 3;

/** One level's planned blocks: every practice round it may need, and its test blocks. */
export type LevelPlan = {
  readonly n: number;
  readonly practice: readonly Uint8Array[];
  readonly test: readonly Uint8Array[];
};

/**
 * A run's plan, as the server keeps it to check each save: the key mapping, and per level one
 * byte a trial (the letter and its kind) per block. Every practice round a run may need is
 * planned, each with its own letters, so the plan is fixed before the run starts whatever the
 * participant does.
 */
export type Plan = {
  readonly keyMapping: KeyMapping;
  readonly levels: readonly LevelPlan[];
};

/** Where a trial sits in an N-back run (block = level x 10 + index within the level). */
export type Position = { phase: Phase; block: number; trialNumber: number };

/** A planned trial: its position, level, letter, and what it is. */
export type PlannedTrial = Position & {
  level: number;
  letter: Letter;
  /** True for a target, false for a non-target, null for a filler (nothing n back). */
  isTarget: boolean | null;
  lureType: LureType;
  /** The letter n back; null for a filler. */
  nBackLetter: Letter | null;
};

/** Decodes a planned byte. */
export function decodeCode(code: number): { letterIndex: number; kind: Kind } {
  const kind = KINDS[Math.floor(code / KIND_FACTOR)];
  if (kind === undefined) throw new Error(`Not an N-back trial code: ${code}`);
  return { letterIndex: code % KIND_FACTOR, kind };
}

/** Would `letter` at `i` make more than MAX_SAME_LETTER_RUN of it in a row? */
function makesLongRun(letters: Uint8Array, i: number, letter: number): boolean {
  if (i < MAX_SAME_LETTER_RUN) return false;
  for (let k = 1; k <= MAX_SAME_LETTER_RUN; k++) {
    if (letters[i - k] !== letter) return false;
  }
  return true;
}

/**
 * The letters of a block with the given kinds, left to right: a target copies the item n back,
 * a lure the item n-1 or n+1 back (and must differ from the item n back); a non-target is drawn
 * among the letters other than the items n, n-1 and n+1 back; a filler among all. A letter that
 * would make a fourth in a row is never drawn. In a block with lures (`hasLures`) a drawn letter
 * also differs from the one before it, which makes every rule hold on the first try (see
 * layout.ts). A copied letter that breaks a rule (a lure equal to the item n back, a fourth in
 * a row) starts the block's letters again; null when LETTER_ATTEMPTS starts found none.
 */
function planLetters(rng: Rng, kinds: Uint8Array, n: number, hasLures: boolean): Uint8Array | null {
  const letters = new Uint8Array(kinds.length);
  const letterCount = LETTERS.length;
  attempts: for (let attempt = 0; attempt < LETTER_ATTEMPTS; attempt++) {
    for (let i = 0; i < kinds.length; i++) {
      const kind = kinds[i];
      const back = (k: number) => (i - k >= 0 ? (letters[i - k] as number) : -1);
      let letter: number;
      if (kind === TARGET || kind === LURE_N_MINUS_1 || kind === LURE_N_PLUS_1) {
        letter = back(kind === TARGET ? n : kind === LURE_N_MINUS_1 ? n - 1 : n + 1);
        if (kind !== TARGET && letter === back(n)) continue attempts;
        if (makesLongRun(letters, i, letter)) continue attempts;
      } else {
        const excluded = kind === NONTARGET ? [back(n), n > 1 ? back(n - 1) : -1, back(n + 1)] : [];
        if (hasLures) excluded.push(back(1));
        const allowed: number[] = [];
        for (let l = 0; l < letterCount; l++) {
          if (!excluded.includes(l) && !makesLongRun(letters, i, l)) allowed.push(l);
        }
        const drawn = allowed[Math.floor(rng() * allowed.length)];
        if (drawn === undefined) continue attempts;
        letter = drawn;
      }
      letters[i] = letter;
    }
    return letters;
  }
  return null;
}

/**
 * One block's codes from its exact counts: n fillers; among the scored trials exactly
 * `targets` targets at shuffled positions, never more than 2 in a row; the lures asked for; no
 * letter more than 3 times in a row. A layout whose lures or letters cannot keep the rules is
 * drawn again; a block with lures that random layouts leave no room falls back on the packed
 * layout, on which the letters never fail (layout.ts).
 */
export function planBlock(rng: Rng, counts: BlockCounts): Uint8Array {
  const hasLures = counts.luresNMinus1 + counts.luresNPlus1 > 0;
  const codesOf = (kinds: Uint8Array, letters: Uint8Array) =>
    kinds.map((kind, i) => (letters[i] as number) + KIND_FACTOR * kind);
  const attempts = hasLures ? LURE_LAYOUT_ATTEMPTS : LAYOUT_ATTEMPTS;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const kinds = drawLayout(rng, counts);
    const letters = kinds && planLetters(rng, kinds, counts.n, hasLures);
    if (kinds && letters) return codesOf(kinds, letters);
  }
  const packed = hasLures ? packedLayout(counts) : null;
  const letters = packed && planLetters(rng, packed, counts.n, hasLures);
  if (packed && letters) return codesOf(packed, letters);
  throw new Error(
    `No N-back block of ${counts.scored} scored trials with ${counts.targets} targets and ${counts.luresNMinus1 + counts.luresNPlus1} lures at level ${counts.n} was found`,
  );
}

/**
 * The whole run's plan from its seed, before it starts: the key mapping and each block of each
 * level drawn from a generator of its own (the seed, the phase, the level and the block), so
 * one never shifts another. Throws for a configuration findConfigProblems refuses (the
 * settings schema refuses it first).
 */
export function plan(seed: string, config: Config): Plan {
  const problems = findConfigProblems(config);
  if (problems.length > 0) {
    throw new Error(`This N-back configuration cannot be run: ${problems.join('; ')}`);
  }
  const blocks = (phase: Phase, n: number) =>
    Array.from({ length: getBlocksPerLevel(config, phase) }, (_, index) =>
      planBlock(
        createRng(`${seed}:n-back:${phase}:${n}:${index}`),
        getBlockCounts(config, phase, n),
      ),
    );
  return {
    keyMapping: resolveKeyMapping(seed, config),
    levels: getLevels(config).map((n) => ({
      n,
      practice: blocks('practice', n),
      test: blocks('test', n),
    })),
  };
}

/** The planned block at a phase and block number, or undefined if the plan has none. */
export function plannedBlock(
  plan: Plan,
  phase: string,
  block: number,
): { n: number; codes: Uint8Array } | undefined {
  const { level, index } = splitBlock(block);
  const levelPlan = plan.levels.find((l) => l.n === level);
  if (!levelPlan) return undefined;
  const blocks =
    phase === 'practice' ? levelPlan.practice : phase === 'test' ? levelPlan.test : undefined;
  const codes = blocks?.[index];
  return codes ? { n: level, codes } : undefined;
}

const LURE_TYPE_OF: Record<Kind, LureType> = {
  filler: 'none',
  target: 'none',
  nontarget: 'none',
  'lure-n-1': 'n-1',
  'lure-n+1': 'n+1',
};

/** The planned trial at `position`, or undefined if the plan has no such trial. */
export function plannedTrialAt(plan: Plan, position: Position): PlannedTrial | undefined {
  const block = plannedBlock(plan, position.phase, position.block);
  const code = block?.codes[position.trialNumber];
  if (!block || code === undefined) return undefined;
  const { letterIndex, kind } = decodeCode(code);
  const backCode = block.codes[position.trialNumber - block.n];
  return {
    phase: position.phase,
    block: position.block,
    trialNumber: position.trialNumber,
    level: block.n,
    letter: LETTERS[letterIndex] as Letter,
    isTarget: kind === 'filler' ? null : kind === 'target',
    lureType: LURE_TYPE_OF[kind],
    nBackLetter:
      backCode === undefined ? null : (LETTERS[decodeCode(backCode).letterIndex] as Letter),
  };
}

/** Every planned trial of a block, in order (for the tests and the simulated participant). */
export function plannedBlockTrials(
  plan: Plan,
  phase: Phase,
  level: number,
  index: number,
): PlannedTrial[] {
  const block = blockNumber(level, index);
  const codes = plannedBlock(plan, phase, block)?.codes ?? new Uint8Array();
  return Array.from(codes, (_, trialNumber) => {
    const trial = plannedTrialAt(plan, { phase, block, trialNumber });
    if (!trial) throw new Error(`The plan has no ${phase} block ${block} trial ${trialNumber}`);
    return trial;
  });
}
