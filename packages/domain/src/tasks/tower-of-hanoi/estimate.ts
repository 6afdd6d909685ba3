import { ESTIMATE_PROMPT_MS } from '../shared/estimate';
import { attemptLimitMs, type Config, PHASES } from './config';
import { BISHOP_PROBLEMS, PRACTICE_PROBLEM } from './plan';
import { allPositions, distancesTo, minimumMoves } from './puzzle';
import { problemCounts } from './run-order';

/**
 * A problem at a steady pace, ms: looking at it before the first move, and each move of its
 * shortest solution with the thought before it (a few moves more than the shortest included).
 */
const PROBLEM_MS = { planning: 4000, perMinimumMove: 2500 } as const;

/** The mean shortest solution of the 'random3' problems: every distinct start and goal alike. */
function meanRandom3MinimumMoves(): number {
  const positions = allPositions(3);
  let sum = 0;
  for (const goal of positions) {
    for (const distance of distancesTo(goal).values()) sum += distance;
  }
  return sum / (positions.length * (positions.length - 1));
}

/** The shortest solutions of the test's problems, from the configuration alone. */
function testMinimumMoves(config: Config): number[] {
  if (config.problemSet === 'classic') return [2 ** config.classicDiscs - 1];
  if (config.problemSet === 'random3') {
    return Array.from({ length: config.randomProblems }, meanRandom3MinimumMoves);
  }
  return BISHOP_PROBLEMS.map(({ start, goal }) => minimumMoves(start, goal));
}

/**
 * The whole run at a steady pace, ms (the task contract's estimateMs): the intro of each phase,
 * and each problem solved at the first attempt (at most its time limit) followed by its result.
 * The random set's problems count at their mean shortest solution.
 */
export function estimateMs(config: Config): number {
  const counts = problemCounts(config);
  const problems = [
    ...(counts.practice > 0 ? [minimumMoves(PRACTICE_PROBLEM.start, PRACTICE_PROBLEM.goal)] : []),
    ...testMinimumMoves(config),
  ];
  const intros = PHASES.filter((phase) => counts[phase] > 0).length;
  return problems.reduce(
    (sum, moves) =>
      sum +
      Math.min(attemptLimitMs(config), PROBLEM_MS.planning + PROBLEM_MS.perMinimumMove * moves) +
      ESTIMATE_PROMPT_MS,
    intros * ESTIMATE_PROMPT_MS,
  );
}
