import type { Config } from './config';
import type { Input } from './engine';
import { type Position, type Problem, plan } from './plan';
import { applyMove, legalMoves, optimalMoves, type Peg, shortestSolution } from './puzzle';
import type { Trial } from './trial';
import { type NextInput, runVirtualSession, SIMULATED_TIME_ORIGIN_MS } from './virtual-runtime';

/** The fixed participant's times: the first pickup, a lift to its drop, a drop to the next lift. */
export const FIXTURE_TIMING_MS = {
  planning: 2000.25,
  liftToDrop: 400.5,
  betweenMoves: 600.25,
};

const peg = (p: Peg): Input => ({ kind: 'peg', peg: p });

/**
 * The fixed participant's moves for a problem, as [from, to]: a shortest solution, except the
 * third test problem's first move, which is one that does not bring the discs nearer (so the
 * solution has excess moves).
 */
function fixtureMoves(position: Position, problem: Problem): [Peg, Peg][] {
  if (position.phase === 'test' && position.trialNumber === 2) {
    const detour = legalMoves(problem.start).find(
      ([from, to]) =>
        !optimalMoves(problem.start, problem.goal).some(([f, t]) => f === from && t === to),
    ) as [Peg, Peg];
    return [detour, ...shortestSolution(applyMove(problem.start, ...detour), problem.goal)];
  }
  return shortestSolution(problem.start, problem.goal);
}

/**
 * The inputs of a problem by the fixed participant: its moves, each a lift and a drop; in
 * practice the first disc lifted is put back (a cancel) and lifted again, and the first disc
 * that can be aimed at a smaller one is (refused) before its drop; in the second test problem an
 * empty peg is tapped first.
 */
function fixtureInputs(position: Position, problem: Problem): NextInput[] {
  const timing = FIXTURE_TIMING_MS;
  const inputs: NextInput[] = [];
  const moves = fixtureMoves(position, problem);
  let board = problem.start;
  let refusedDone = false;
  moves.forEach(([from, to], i) => {
    const lead = i === 0 ? timing.planning : timing.betweenMoves;
    if (i === 0 && position.phase === 'test' && position.trialNumber === 1) {
      const empty = ([1, 2, 3] as const).find((p) => !board.includes(String(p)));
      if (empty) inputs.push({ input: peg(empty), afterMs: lead });
    }
    inputs.push({
      input: peg(from),
      afterMs: inputs.length === 0 || i > 0 ? lead : timing.betweenMoves,
    });
    if (position.phase === 'practice' && i === 0) {
      inputs.push({ input: peg(from), afterMs: timing.liftToDrop });
      inputs.push({ input: peg(from), afterMs: timing.betweenMoves });
    }
    const refused = ([1, 2, 3] as const).find(
      (p) => p !== from && !legalMoves(board).some(([f, t]) => f === from && t === p),
    );
    if (position.phase === 'practice' && !refusedDone && refused) {
      inputs.push({ input: peg(refused), afterMs: timing.liftToDrop });
      refusedDone = true;
    }
    inputs.push({ input: peg(to), afterMs: timing.liftToDrop });
    board = applyMove(board, from, to);
  });
  return inputs;
}

/**
 * The fixture run of the API tests, every problem of it, as a browser sends it (played through
 * the engine): each problem solved, by a shortest solution except the third test problem (one
 * detour first); the practice problem with a cancel and a refused drop;
 * an empty-peg tap on the second test problem; the first pickup 2000.25 ms after the onset, each
 * drop 400.5 ms after its lift and each lift 600.25 ms after the drop before it.
 */
export function fixtureRun(seed: string, config: Config): Trial[] {
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: SIMULATED_TIME_ORIGIN_MS,
    startMs: 1000,
    introMs: 3000,
    resultMs: 1500,
    inputModality: 'mouse',
    behave(position, problem) {
      const inputs = fixtureInputs(position, problem);
      return () => inputs.shift() ?? null;
    },
  }).trials;
}
