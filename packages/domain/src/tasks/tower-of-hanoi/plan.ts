import { createRng } from '../shared/random';
import type { Config, Phase } from './config';
import { allPositions, minimumMoves, tower } from './puzzle';

/**
 * One problem: where the discs start and where they must go (positions as in puzzle.ts), and
 * the fewest moves between them, by breadth-first search.
 */
export type Problem = {
  /** 'bishop-1' to 'bishop-13', 'classic-3', 'random-1', 'practice'. */
  readonly id: string;
  readonly discs: number;
  readonly start: string;
  readonly goal: string;
  readonly minMoves: number;
};

/**
 * The 13 problems of Bishop, Aamodt-Leeper, Creswell, McGurk & Skuse (2001), "Individual
 * differences in cognitive planning on the Tower of Hanoi task", J Child Psychol Psychiatry
 * 42(4), 551-556, in their order of ascending difficulty (shortest solutions 3, 4, 4, 5, 5, 6,
 * 6, 7, 7, 8, 8, 9, 9), as PEBL's Tower of Hanoi lists them (stmueller/pebl,
 * battery/toh/TOH.pbl, MakeBishopProblems). Start and goal are written as PEBL writes them: one
 * peg number (1-3) per disc, the largest disc first, which is this task's notation too. The
 * minimum of each is computed, not copied (a test checks it against the published list).
 */
export const BISHOP_PROBLEMS: readonly { start: string; goal: string }[] = [
  { start: '11', goal: '33' },
  { start: '122', goal: '333' },
  { start: '111', goal: '322' },
  { start: '123', goal: '333' },
  { start: '111', goal: '321' },
  { start: '113', goal: '333' },
  { start: '111', goal: '331' },
  { start: '111', goal: '333' },
  { start: '111', goal: '211' },
  { start: '2111', goal: '3333' },
  { start: '1111', goal: '2333' },
  { start: '2113', goal: '3333' },
  { start: '1111', goal: '2331' },
];

/** The practice problem: two discs from the left peg to the middle one (3 moves). */
export const PRACTICE_PROBLEM = { start: '11', goal: '22' } as const;

/** A problem with its minimum computed. */
export function makeProblem(id: string, start: string, goal: string): Problem {
  return { id, discs: start.length, start, goal, minMoves: minimumMoves(start, goal) };
}

/** The test problems of the Bishop set, in order. */
export const bishopProblems = (): Problem[] =>
  BISHOP_PROBLEMS.map(({ start, goal }, i) => makeProblem(`bishop-${i + 1}`, start, goal));

/**
 * `count` random 3-disc problems: each a start and a goal drawn from the 27 positions, never the
 * same position twice in a problem nor the same pair twice in a run, from the run's seed.
 */
export function randomProblems(seed: string, count: number): Problem[] {
  const rng = createRng(`${seed}:tower-of-hanoi:random3`);
  const positions = allPositions(3);
  const taken = new Set<string>();
  const problems: Problem[] = [];
  while (problems.length < count) {
    const start = positions[Math.floor(rng() * positions.length)] as string;
    const goal = positions[Math.floor(rng() * positions.length)] as string;
    if (start === goal || taken.has(`${start}>${goal}`)) continue;
    taken.add(`${start}>${goal}`);
    problems.push(makeProblem(`random-${problems.length + 1}`, start, goal));
  }
  return problems;
}

/** A run's plan: its problems in run order, practice and test. */
export type Plan = {
  readonly practice: readonly Problem[];
  readonly test: readonly Problem[];
};

/** Where a problem sits in a run: practice or test, block 0, its number in the phase. */
export type Position = {
  phase: Phase;
  block: number;
  trialNumber: number;
};

/**
 * The whole run's plan. The Bishop and classic sets are the same for every participant, so only
 * the random set depends on the seed.
 */
export function plan(seed: string, config: Config): Plan {
  const practice = config.practice
    ? [makeProblem('practice', PRACTICE_PROBLEM.start, PRACTICE_PROBLEM.goal)]
    : [];
  if (config.problemSet === 'classic') {
    const n = config.classicDiscs;
    return { practice, test: [makeProblem(`classic-${n}`, tower(n, 1), tower(n, 3))] };
  }
  if (config.problemSet === 'random3') {
    return { practice, test: randomProblems(seed, config.randomProblems) };
  }
  return { practice, test: bishopProblems() };
}

/** Does another seed plan another run? Only for the random set. */
export const planVariesWithSeed = (config: Config) => config.problemSet === 'random3';

/** The planned problem at `position`, or undefined if the run has none there. */
export function problemAt(
  plan: Plan,
  position: { phase: string; block: number; trialNumber: number },
): Problem | undefined {
  if (position.block !== 0) return undefined;
  if (position.phase !== 'practice' && position.phase !== 'test') return undefined;
  return plan[position.phase][position.trialNumber];
}
