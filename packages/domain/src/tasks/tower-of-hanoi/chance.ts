import { createRng, pick } from '../shared/random';
import { attemptEventLimit, type Config } from './config';
import type { Input } from './engine';
import { type Problem, plan } from './plan';
import { applyMove, legalMoves, type Peg } from './puzzle';
import type { Trial } from './trial';
import { type Behaviour, runVirtualSession, SIMULATED_TIME_ORIGIN_MS } from './virtual-runtime';

/**
 * The strategies that do not plan (docs/scoring/tower-of-hanoi.md, "Chance"): what the scores
 * give a participant who never moves, and one who makes random legal moves until the problem's
 * limit. Test support: not part of the package's exports.
 */

/** A run in which no disc is ever lifted: every problem ends at its time limit. */
export function simulateNonMover(config: Config): Trial[] {
  return runVirtualSession({
    config,
    plan: plan('chance-non-mover', config),
    timeOriginMs: SIMULATED_TIME_ORIGIN_MS,
    startMs: 500,
    introMs: 2000,
    behave: () => () => null,
  }).trials;
}

/**
 * A run of random legal moves, seeded: before each move every legal move of the position is
 * equally likely (a random walk over the positions), one input every `inputMs` (a lift, then a
 * drop), until the goal or the attempt's limit (time, moves or its share of events).
 */
export function simulateRandomMover(seed: string, config: Config, inputMs: number): Trial[] {
  const rng = createRng(`${seed}:tower-of-hanoi:random-mover`);
  const peg = (p: Peg): Input => ({ kind: 'peg', peg: p });
  const behave = (): Behaviour => {
    let target: Peg | null = null;
    return ({ board }) => {
      if (board.lifted === null || target === null) {
        const [from, to] = pick(legalMoves(board.position), rng);
        target = to;
        return { input: peg(from), afterMs: inputMs };
      }
      const to = target;
      target = null;
      return { input: peg(to), afterMs: inputMs };
    };
  };
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: SIMULATED_TIME_ORIGIN_MS,
    startMs: 500,
    introMs: 2000,
    behave,
  }).trials;
}

/**
 * The most moves a random mover makes in one attempt at `config`, one input every `inputMs`:
 * the move limit if it is on, the attempt's share of events (two a move), and the moves whose
 * drop falls before the time limit (each move takes two inputs).
 */
export function randomMoverMoveBudget(config: Config, minMoves: number, inputMs: number): number {
  const byEvents = Math.floor(attemptEventLimit(config) / 2);
  const byTime = Math.floor((config.timeLimitS * 1000 - 1) / (2 * inputMs));
  const byMoves = config.moveLimit ? minMoves + config.moveLimitExtra : Number.POSITIVE_INFINITY;
  return Math.min(byEvents, byTime, byMoves);
}

/**
 * The exact distribution of a random walk's first arrival at `problem`'s goal from its start
 * (every legal move alike), up to `maxMoves` moves: a random mover's problem score
 * X = (solved ? minimum / moves : 0) then has mean sum_t P(T = t) min / t and second moment
 * sum_t P(T = t) (min / t)^2. One attempt (the default configuration).
 */
export function randomMoverProblemMoments(
  problem: Pick<Problem, 'start' | 'goal' | 'minMoves'>,
  maxMoves: number,
): { mean: number; meanSquare: number; solved: number; optimal: number } {
  let mass = new Map<string, number>([[problem.start, 1]]);
  let mean = 0;
  let meanSquare = 0;
  let solved = 0;
  let optimal = 0;
  for (let t = 1; t <= maxMoves; t++) {
    const next = new Map<string, number>();
    for (const [position, p] of mass) {
      const moves = legalMoves(position);
      for (const [from, to] of moves) {
        const after = applyMove(position, from, to);
        next.set(after, (next.get(after) ?? 0) + p / moves.length);
      }
    }
    const arrived = next.get(problem.goal) ?? 0;
    next.delete(problem.goal);
    const score = problem.minMoves / t;
    mean += arrived * score;
    meanSquare += arrived * score * score;
    solved += arrived;
    if (t === problem.minMoves) optimal = arrived;
    mass = next;
  }
  return { mean, meanSquare, solved, optimal };
}
