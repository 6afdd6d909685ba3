import { createRng, type Rng } from '../shared/random';
import {
  type BlockCounts,
  blockCounts,
  type Config,
  type Congruency,
  type Direction,
  findConfigProblems,
  type Phase,
} from './config';

/**
 * A trial's code in a planned block: bit 0 is the target's direction (0 left, 1 right), bit 1
 * the congruency (0 congruent, 1 incongruent). CODES lists the four displays.
 */
export const CODES = [0, 1, 2, 3] as const;
export type Code = (typeof CODES)[number];

export const directionOf = (code: number): Direction => ((code & 1) === 0 ? 'left' : 'right');
export const congruencyOf = (code: number): Congruency =>
  (code & 2) === 0 ? 'congruent' : 'incongruent';

/**
 * A run's plan, as the server keeps it to check each save: one code a trial for the practice
 * block and the test block. Everything else of a planned trial follows from its code.
 */
export type Plan = { readonly practice: Uint8Array; readonly test: Uint8Array };

/** Where a trial sits in a run: the practice block or the test block (block 0 in both). */
export type Position = { phase: Phase; block: number; trialNumber: number };

/** The five arrows, as text: '<' for an arrow pointing left, '>' for one pointing right. */
export type Display = '<<<<<' | '>>>>>' | '>><>>' | '<<><<';

/** A planned trial: its position and what it shows. */
export type PlannedTrial = Position & {
  congruency: Congruency;
  /** Where the middle arrow points: the correct response. */
  targetDirection: Direction;
  display: Display;
};

/** The five arrows of a target direction and congruency. */
export function displayOf(targetDirection: Direction, congruency: Congruency): Display {
  const target = targetDirection === 'left' ? '<' : '>';
  const flanker = congruency === 'congruent' ? target : target === '<' ? '>' : '<';
  return `${flanker}${flanker}${target}${flanker}${flanker}` as Display;
}

/**
 * How many trials of each code a block has: its congruent and incongruent trials each split
 * between left and right targets, an odd one out going either way at random, and when both are
 * odd the two going opposite ways, so that left and right targets differ by one at most.
 */
export function codeCounts(rng: Rng, counts: BlockCounts): number[] {
  const oddCongruentRight = counts.congruent % 2 === 1 && rng() < 0.5;
  const oddIncongruentRight =
    counts.incongruent % 2 === 1 && (counts.congruent % 2 === 1 ? !oddCongruentRight : rng() < 0.5);
  const split = (n: number, oddRight: boolean) => {
    const half = Math.floor(n / 2);
    return oddRight ? [half, n - half] : [n - half, half];
  };
  return [
    ...split(counts.congruent, oddCongruentRight),
    ...split(counts.incongruent, oddIncongruentRight),
  ];
}

/** A run of equal values of one attribute (congruency or direction) at the end of a sequence. */
type Run = { value: number; length: number };

/**
 * Can the rest of a block still be laid out, as far as one attribute tells, with no run longer
 * than `maxRun`? `same` trials are left of the value the sequence now ends in (a run of
 * `run.length`), `other` of the other value: the others split the same ones into runs, the first
 * of which may continue the run now ending.
 */
function restFits(same: number, other: number, runLength: number, maxRun: number): boolean {
  return same <= maxRun - runLength + maxRun * other && other <= maxRun * (same + 1);
}

const extend = (run: Run, value: number): Run =>
  run.value === value ? { value, length: run.length + 1 } : { value, length: 1 };

/**
 * One try at a block: each trial drawn with a chance in proportion to the trials of its code
 * still to place, among the codes that keep every run within `maxRun` and leave a rest that
 * still fits both attributes. Null at a dead end (rare: the checks are per attribute).
 */
function tryBlock(rng: Rng, left: number[], maxRun: number): Uint8Array | null {
  const total = left.reduce((sum, n) => sum + n, 0);
  const sequence = new Uint8Array(total);
  let congruency: Run = { value: -1, length: 0 };
  let direction: Run = { value: -1, length: 0 };
  const remaining = (bit: number, value: number) =>
    CODES.reduce<number>((sum, code) => sum + ((code & bit) === value ? (left[code] ?? 0) : 0), 0);
  for (let i = 0; i < total; i++) {
    const weights = CODES.map((code) => {
      const count = left[code] ?? 0;
      if (count === 0) return 0;
      left[code] = count - 1;
      const fits = [
        { bit: 2, run: extend(congruency, code & 2) },
        { bit: 1, run: extend(direction, code & 1) },
      ].every(
        ({ bit, run }) =>
          run.length <= maxRun &&
          restFits(remaining(bit, run.value), remaining(bit, bit - run.value), run.length, maxRun),
      );
      left[code] = count;
      return fits ? count : 0;
    });
    const sum = weights.reduce((s, w) => s + w, 0);
    if (sum === 0) return null;
    let pick = rng() * sum;
    let code = 0;
    while (code < 3 && pick >= (weights[code] ?? 0)) pick -= weights[code++] ?? 0;
    sequence[i] = code;
    left[code] = (left[code] ?? 0) - 1;
    congruency = extend(congruency, code & 2);
    direction = extend(direction, code & 1);
  }
  return sequence;
}

/** Tries at a block before planBlock gives up (each try succeeds far more often than not). */
export const PLAN_ATTEMPTS = 1000;

/**
 * One block's sequence of codes from its exact counts, with no more than `maxRun` trials in a
 * row of the same congruency or the same target direction (and so of the same display).
 */
export function planBlock(rng: Rng, counts: BlockCounts, maxRun: number): Uint8Array {
  const perCode = codeCounts(rng, counts);
  for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt++) {
    const sequence = tryBlock(rng, [...perCode], maxRun);
    if (sequence) return sequence;
  }
  throw new Error(
    `No order of ${counts.congruent} congruent and ${counts.incongruent} incongruent trials was found with at most ${maxRun} in a row`,
  );
}

/**
 * The whole run's plan from its seed, before it starts: the practice block and the test block,
 * each drawn from a generator of its own (the seed and the phase), so one never shifts the other.
 * Throws for a configuration findConfigProblems refuses (the settings schema refuses it first).
 */
export function plan(seed: string, config: Config): Plan {
  const problems = findConfigProblems(config);
  if (problems.length > 0) {
    throw new Error(`This flanker configuration cannot be run: ${problems.join('; ')}`);
  }
  const block = (phase: Phase) =>
    planBlock(createRng(`${seed}:flanker:${phase}`), blockCounts(config, phase), config.maxRun);
  return { practice: block('practice'), test: block('test') };
}

/** The planned trial at `position`, or undefined if the plan has no such trial. */
export function plannedTrialAt(plan: Plan, position: Position): PlannedTrial | undefined {
  if (position.block !== 0) return undefined;
  const code = plan[position.phase]?.[position.trialNumber];
  if (code === undefined) return undefined;
  const targetDirection = directionOf(code);
  const congruency = congruencyOf(code);
  return {
    phase: position.phase,
    block: position.block,
    trialNumber: position.trialNumber,
    congruency,
    targetDirection,
    display: displayOf(targetDirection, congruency),
  };
}
