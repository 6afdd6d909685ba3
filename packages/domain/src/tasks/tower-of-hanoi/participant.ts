import type { SimulatedRun } from '../contract';
import type { InputModality } from '../shared/envelope';
import { drawExGaussian } from '../shared/ex-gaussian';
import { createRng, pick, type Rng } from '../shared/random';
import { toSimulatedRun } from '../shared/simulated-run';
import type { Config } from './config';
import type { Input } from './engine';
import { type Problem, plan } from './plan';
import { applyMove, distancesTo, isLegalMove, legalMoves, PEGS, type Peg, topDisc } from './puzzle';
import type { Trial } from './trial';
import {
  type Behaviour,
  type NextInput,
  runVirtualSession,
  SIMULATED_TIME_ORIGIN_MS,
} from './virtual-runtime';

/** An ex-Gaussian time: normal part (mean mu, SD sigma) plus an exponential tail (mean tau), ms. */
export type TimeMs = { mu: number; sigma: number; tau: number };

/**
 * How a simulated participant plays. Before each move they choose it: with probability
 * `errorRate` a legal move that does not bring the discs nearer the goal (any of them alike),
 * otherwise one that does (any of them alike); where every legal move brings them nearer, that
 * one. Around a move they may also tap an empty peg, lift the disc and put it back, or aim it at
 * a peg whose top disc is smaller, each with its own chance per move.
 */
export type ParticipantParams = {
  errorRate: number;
  /** Chance per move of a refused drop first (when some peg's top disc is smaller). */
  illegalRate: number;
  /** Chance per move of lifting the disc and putting it back first. */
  cancelRate: number;
  /** Chance per move of tapping an empty peg first (when one is empty). */
  emptySourceRate: number;
  /** From the onset to the first pickup: per problem, plus perMinMoveMs per move of its minimum. */
  planningMs: TimeMs & { perMinMoveMs: number };
  /** From lifting a disc to putting it down (or to a refused drop, or a cancel). */
  liftToDropMs: TimeMs;
  /** From putting a disc down to lifting the next one. */
  betweenMovesMs: TimeMs;
  inputModality?: InputModality;
  /** Time on each intro and each result, ms. */
  introMs?: number;
  /** performance.timeOrigin of the simulated page (ms since the epoch). */
  timeOriginMs?: number;
};

/** The mock participant of the admin's mock data: a careful adult with a few slips. */
export const DEFAULT_PARTICIPANT = {
  errorRate: 0.05,
  illegalRate: 0.03,
  cancelRate: 0.03,
  emptySourceRate: 0.01,
  planningMs: { mu: 2500, sigma: 700, tau: 1500, perMinMoveMs: 350 },
  liftToDropMs: { mu: 550, sigma: 120, tau: 150 },
  betweenMovesMs: { mu: 750, sigma: 150, tau: 450 },
} satisfies ParticipantParams;

/** The shortest time the simulated participant takes between two inputs, ms. */
const MIN_GAP_MS = 120;

const draw = (rng: Rng, time: TimeMs) =>
  Math.max(MIN_GAP_MS, drawExGaussian(rng, time.mu, time.sigma, time.tau));

/**
 * The moves a participant of error rate `errorRate` chooses among from `position`: the
 * non-improving ones (with probability errorRate, where there are any) or the improving ones.
 */
export function chooseMove(
  rng: Rng,
  position: string,
  goal: string,
  errorRate: number,
): [Peg, Peg] {
  const distances = distancesTo(goal);
  const here = distances.get(position) as number;
  const moves = legalMoves(position);
  const better = moves.filter(
    ([f, t]) => (distances.get(applyMove(position, f, t)) as number) < here,
  );
  const other = moves.filter(
    ([f, t]) => (distances.get(applyMove(position, f, t)) as number) >= here,
  );
  return pick(other.length > 0 && rng() < errorRate ? other : better, rng);
}

/** One problem's play by the participant: inputs queued move by move. */
function playProblem(rng: Rng, params: ParticipantParams, problem: Problem): Behaviour {
  let queue: NextInput[] = [];
  let attempt = 0;
  let planned = false;
  const peg = (p: Peg): Input => ({ kind: 'peg', peg: p });
  return ({ board }) => {
    if (board.attempt !== attempt) {
      // A new attempt (or the problem's start): plan again from the start.
      attempt = board.attempt;
      queue = [];
      planned = false;
    }
    if (queue.length === 0 && board.lifted === null && board.position !== problem.goal) {
      const { position } = board;
      const [from, to] = chooseMove(rng, position, problem.goal, params.errorRate);
      const lead = planned
        ? draw(rng, params.betweenMovesMs)
        : draw(rng, params.planningMs) + params.planningMs.perMinMoveMs * problem.minMoves;
      planned = true;
      const empty = PEGS.filter((p) => topDisc(position, p) === null);
      if (empty.length > 0 && rng() < params.emptySourceRate) {
        queue.push({ input: peg(pick(empty, rng)), afterMs: lead });
      }
      const first = queue.length === 0 ? lead : draw(rng, params.betweenMovesMs);
      if (rng() < params.cancelRate) {
        queue.push({ input: peg(from), afterMs: first });
        queue.push({ input: peg(from), afterMs: draw(rng, params.liftToDropMs) });
        queue.push({ input: peg(from), afterMs: draw(rng, params.betweenMovesMs) });
      } else {
        queue.push({ input: peg(from), afterMs: first });
      }
      const refused = PEGS.filter((p) => p !== from && !isLegalMove(position, from, p));
      if (refused.length > 0 && rng() < params.illegalRate) {
        queue.push({ input: peg(pick(refused, rng)), afterMs: draw(rng, params.liftToDropMs) });
      }
      queue.push({ input: peg(to), afterMs: draw(rng, params.liftToDropMs) });
    }
    return queue.shift() ?? null;
  };
}

/**
 * A simulated participant's whole run, as a browser would send it: the run's own plan played
 * through the engine (runVirtualSession) on a simulated page time line.
 */
export function simulateParticipant(
  seed: string,
  config: Config,
  params: ParticipantParams,
): Trial[] {
  const rng = createRng(`${seed}:tower-of-hanoi:participant`);
  return runVirtualSession({
    config,
    plan: plan(seed, config),
    timeOriginMs: params.timeOriginMs ?? SIMULATED_TIME_ORIGIN_MS,
    startMs: 500,
    introMs: params.introMs ?? 4000,
    resultMs: 1500,
    inputModality: params.inputModality ?? 'mouse',
    behave: (_position, problem) => playProblem(rng, params, problem),
  }).trials;
}

/**
 * The admin's mock run: the default participant's run, ending at `endTimeMs`, with its timing
 * records dropped (nothing was measured in a browser). Pure and seeded.
 */
export function simulateRun(seed: string, config: Config, endTimeMs: number): SimulatedRun<Trial> {
  return toSimulatedRun(seed, simulateParticipant(seed, config, DEFAULT_PARTICIPANT), endTimeMs);
}
