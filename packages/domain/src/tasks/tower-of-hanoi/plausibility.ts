import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from '../shared/envelope';
import {
  type ArrivalRules,
  findPositionEarlyArrival,
  judgeArrivedRun,
} from '../shared/plausibility';
import {
  TOWER_OF_HANOI_MIN_BETWEEN_MS,
  TOWER_OF_HANOI_MIN_MOVE_MS,
  type TowerOfHanoiConfig,
} from './config';
import { planTowerOfHanoi, type TowerOfHanoiPosition, type TowerOfHanoiProblem } from './plan';
import type { TowerOfHanoiEndReason } from './replay';
import {
  compareTowerOfHanoiRunOrder,
  isTowerOfHanoiPosition,
  towerOfHanoiRunOrder,
} from './run-order';

/** What the server notes about a problem it keeps. */
export const TOWER_OF_HANOI_TRIAL_FLAGS = [
  'restarted',
  'timedOut',
  'moveLimit',
  'eventLimit',
] as const;
export type TowerOfHanoiTrialFlag = (typeof TOWER_OF_HANOI_TRIAL_FLAGS)[number];

/** The flags of a problem: given again after a reload, or ended unsolved by a limit. */
export function getTowerOfHanoiTrialFlags(trial: {
  restarted: boolean;
  endReason: TowerOfHanoiEndReason;
}): TowerOfHanoiTrialFlag[] {
  const flags: TowerOfHanoiTrialFlag[] = [];
  if (trial.restarted) flags.push('restarted');
  if (trial.endReason === 'timeLimit') flags.push('timedOut');
  if (trial.endReason === 'moveLimit') flags.push('moveLimit');
  if (trial.endReason === 'eventLimit') flags.push('eventLimit');
  return flags;
}

/**
 * The least time a person takes for a problem, from its result's button before it to its end:
 * the button, and its shortest solution at the least time a move takes.
 */
export function towerOfHanoiMinimumProblemMs(problem: Pick<TowerOfHanoiProblem, 'minMoves'>) {
  return TOWER_OF_HANOI_MIN_BETWEEN_MS + problem.minMoves * TOWER_OF_HANOI_MIN_MOVE_MS;
}

/**
 * The least time from a run's start to each problem being sent, by position key. The problems'
 * minimum moves do not depend on the seed for the fixed sets; for the random set every problem
 * is taken at its least, one move.
 */
function leastArrivals(config: TowerOfHanoiConfig): Map<string, { index: number; ms: number }> {
  const plan = planTowerOfHanoi('plausibility', config);
  const least = new Map<string, { index: number; ms: number }>();
  let ms = 0;
  towerOfHanoiRunOrder(config).forEach((position, index) => {
    const problem = plan[position.phase][position.trialNumber] as TowerOfHanoiProblem;
    const minMoves =
      config.problemSet === 'random3' && position.phase === 'test' ? 1 : problem.minMoves;
    ms += towerOfHanoiMinimumProblemMs({ minMoves });
    least.set(`${position.phase}:${position.trialNumber}`, { index, ms });
  });
  return least;
}

/** Where problems stand in a run, for the shared arrival checks. */
function arrivalRules(config: TowerOfHanoiConfig): ArrivalRules<TowerOfHanoiPosition> {
  const least = leastArrivals(config);
  const at = (p: TowerOfHanoiPosition) =>
    least.get(`${p.phase}:${p.trialNumber}`) ?? { index: 0, ms: 0 };
  return {
    isPosition: (position): position is TowerOfHanoiPosition =>
      isTowerOfHanoiPosition(config, position),
    compare: compareTowerOfHanoiRunOrder,
    trialsBefore: (position) => at(position).index,
    minimumArrivalMs: (position) => at(position).ms,
  };
}

/**
 * Why a problem that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can (within RUN_ARRIVAL_TOLERANCE_MS).
 */
export function findTowerOfHanoiEarlyArrival(
  config: TowerOfHanoiConfig,
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
export function findTowerOfHanoiRunImplausibility(
  config: TowerOfHanoiConfig,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  return judgeArrivedRun(arrivalRules(config), runStart, trials);
}
