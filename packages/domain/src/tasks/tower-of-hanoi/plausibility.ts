import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from '../shared/envelope';
import {
  type ArrivalRules,
  findPositionEarlyArrival,
  judgeArrivedRun,
} from '../shared/plausibility';
import {
  fieldsUnderFloor,
  INPUT_INTERVAL_FLOOR_MS,
  SIMPLE_REACTION_FLOOR_MS,
  TOO_FAST,
} from '../shared/time-floors';
import { type Config, MIN_BETWEEN_MS, MIN_MOVE_MS } from './config';
import { type Position, type Problem, plan } from './plan';
import type { EndReason } from './replay';
import { compareRunOrder, isPosition, runOrder } from './run-order';
import type { Trial } from './trial';

/**
 * The floor of the planning time (`reactionTime`: the onset to the first pickup), and of any
 * input that answers a new board (the problem's first, the first after a reset), ms: nothing
 * answers a display sooner than a simple reaction to it (ADR 036).
 */
export const PLANNING_FLOOR_MS = SIMPLE_REACTION_FLOOR_MS;

/**
 * The floor of each further input (`events[].atMs` after the event before: a pickup, a drop, a
 * cancel, a refused drop, an empty-peg tap), ms: a move is two inputs, so a move takes at least
 * twice this (ADR 036). The first-move, solution and total times follow from the events.
 */
export const INPUT_FLOOR_MS = INPUT_INTERVAL_FLOOR_MS;

/** What the time floors read of a problem. */
type TimedProblem = Pick<Trial, 'reactionTime' | 'events'>;

/**
 * Does some event of a problem come sooner than a person could make it: an input under the
 * planning floor after the onset or a reset, or under the input floor after the input before? A
 * reset is the time limit's, nobody's input.
 */
function hasEventUnderFloor(events: TimedProblem['events']): boolean {
  let afterMs = 0;
  let floorMs = PLANNING_FLOOR_MS;
  for (const event of events) {
    if (event.type === 'reset') {
      floorMs = PLANNING_FLOOR_MS;
    } else {
      if (event.atMs - afterMs < floorMs) return true;
      floorMs = INPUT_FLOOR_MS;
    }
    afterMs = event.atMs;
  }
  return false;
}

/** The timed fields of a problem under their floor (ADR 036): 'reactionTime', 'events'. */
export function timesUnderFloor(problem: TimedProblem): string[] {
  return [
    ...fieldsUnderFloor([
      {
        field: 'reactionTime',
        ms: problem.reactionTime,
        floorMs: PLANNING_FLOOR_MS,
      },
    ]),
    ...(hasEventUnderFloor(problem.events) ? ['events'] : []),
  ];
}

/** What the server notes about a problem it keeps. */
export const TRIAL_FLAGS = ['restarted', 'timedOut', 'moveLimit', 'eventLimit', TOO_FAST] as const;
export type TrialFlag = (typeof TRIAL_FLAGS)[number];

/**
 * The flags of a problem: given again after a reload, ended unsolved by a limit, or a time under
 * its floor ('tooFast'). They follow from the problem alone, so a replay gets the same ones.
 */
export function getTrialFlags(
  trial: TimedProblem & { restarted: boolean; endReason: EndReason },
): TrialFlag[] {
  const flags: TrialFlag[] = [];
  if (trial.restarted) flags.push('restarted');
  if (trial.endReason === 'timeLimit') flags.push('timedOut');
  if (trial.endReason === 'moveLimit') flags.push('moveLimit');
  if (trial.endReason === 'eventLimit') flags.push('eventLimit');
  if (timesUnderFloor(trial).length > 0) flags.push(TOO_FAST);
  return flags;
}

/**
 * The least time a person takes for a problem, from its result's button before it to its end:
 * the button, and its shortest solution at the least time a move takes.
 */
export function minimumProblemMs(problem: Pick<Problem, 'minMoves'>) {
  return MIN_BETWEEN_MS + problem.minMoves * MIN_MOVE_MS;
}

/**
 * The least time from a run's start to each problem being sent, by position key. The problems'
 * minimum moves do not depend on the seed for the fixed sets; for the random set every problem
 * is taken at its least, one move.
 */
function leastArrivals(config: Config): Map<string, { index: number; ms: number }> {
  const planned = plan('plausibility', config);
  const least = new Map<string, { index: number; ms: number }>();
  let ms = 0;
  runOrder(config).forEach((position, index) => {
    const problem = planned[position.phase][position.trialNumber] as Problem;
    const minMoves =
      config.problemSet === 'random3' && position.phase === 'test' ? 1 : problem.minMoves;
    ms += minimumProblemMs({ minMoves });
    least.set(`${position.phase}:${position.trialNumber}`, { index, ms });
  });
  return least;
}

/** Where problems stand in a run, for the shared arrival checks. */
function arrivalRules(config: Config): ArrivalRules<Position> {
  const least = leastArrivals(config);
  const at = (p: Position) => least.get(`${p.phase}:${p.trialNumber}`) ?? { index: 0, ms: 0 };
  return {
    isPosition: (position): position is Position => isPosition(config, position),
    compare: compareRunOrder,
    trialsBefore: (position) => at(position).index,
    minimumArrivalMs: (position) => at(position).ms,
  };
}

/**
 * Why a problem that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can (within RUN_ARRIVAL_TOLERANCE_MS).
 */
export function findEarlyArrival(
  config: Config,
  position: TrialPosition,
  elapsedMs: number,
): string | null {
  return findPositionEarlyArrival(arrivalRules(config), position, elapsedMs);
}

/**
 * Why a run cannot have been taken by a person, or null if it can: its problems reached the
 * server sooner than solving them takes, or their device times go backwards. Its scores are
 * still kept.
 */
export function findRunImplausibility(
  config: Config,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  return judgeArrivedRun(arrivalRules(config), runStart, trials);
}
