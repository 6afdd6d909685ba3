import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from '../shared/envelope';
import {
  type ArrivalRules,
  findPositionEarlyArrival,
  isAnticipation,
  judgeArrivedRun,
} from '../shared/plausibility';
import { type Config, getBlockTrialCount, getSoaMs, getTrialPeriodMs } from './config';
import type { Position } from './plan';
import { compareRunOrder, countTrialsBefore, isPosition } from './run-order';
import { ANTICIPATION_MS } from './trial';

/** What the server notes about a trial it keeps. */
export const TRIAL_FLAGS = ['anticipation'] as const;
export type TrialFlag = (typeof TRIAL_FLAGS)[number];

/**
 * The flags of a trial: 'anticipation' for a reaction time under 100 ms (the trial is kept; on
 * the no-go digit it is still a commission). They follow from the trial alone.
 */
export function getTrialFlags(trial: { reactionTime: number | null }): TrialFlag[] {
  return isAnticipation(trial.reactionTime, ANTICIPATION_MS) ? ['anticipation'] : [];
}

/**
 * The least time from a run's start to the trial at `position` being sent: every earlier
 * trial's period (SOA, plus feedback in practice), then this trial's own SOA, since a trial is
 * sent when its window closes at the next digit. Constant time, for every save.
 */
export function getMinimumArrivalMs(config: Config, position: Position): number {
  const practiceMs = getBlockTrialCount(config, 'practice') * getTrialPeriodMs(config, 'practice');
  const blockStartMs = position.phase === 'practice' ? 0 : practiceMs;
  return (
    blockStartMs +
    position.trialNumber * getTrialPeriodMs(config, position.phase) +
    getSoaMs(config)
  );
}

/** Where SART trials stand in a run, for the shared arrival checks. */
const arrivalRules = (config: Config): ArrivalRules<Position> => ({
  isPosition: (position): position is Position => isPosition(config, position),
  compare: compareRunOrder,
  trialsBefore: (position) => countTrialsBefore(config, position),
  minimumArrivalMs: (position) => getMinimumArrivalMs(config, position),
});

/**
 * Why a trial that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can. Positions the run cannot have are left to the trial
 * check.
 */
export function findEarlyArrival(
  config: Config,
  position: TrialPosition,
  elapsedMs: number,
): string | null {
  return findPositionEarlyArrival(arrivalRules(config), position, elapsedMs);
}

/**
 * Why a run cannot have been taken by a person, or null if it can: its trials reached the
 * server sooner than their SOAs (and practice feedback) take, or their device times go
 * backwards. Scores of such a run are still kept; this only tells reports to leave it out.
 */
export function findRunImplausibility(
  config: Config,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  return judgeArrivedRun(arrivalRules(config), runStart, trials);
}
