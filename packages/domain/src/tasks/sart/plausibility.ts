import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from '../shared/envelope';
import {
  type ArrivalRules,
  findPositionEarlyArrival,
  isAnticipation,
  judgeArrivedRun,
} from '../shared/plausibility';
import {
  getSartBlockTrialCount,
  getSartSoaMs,
  getSartTrialPeriodMs,
  type SartConfig,
} from './config';
import type { SartPosition } from './plan';
import { compareSartRunOrder, countSartTrialsBefore, isSartPosition } from './run-order';
import { SART_ANTICIPATION_MS } from './trial';

/** What the server notes about a trial it keeps. */
export const SART_TRIAL_FLAGS = ['anticipation'] as const;
export type SartTrialFlag = (typeof SART_TRIAL_FLAGS)[number];

/**
 * The flags of a trial: 'anticipation' for a reaction time under 100 ms (the trial is kept; on
 * the no-go digit it is still a commission). They follow from the trial alone.
 */
export function getSartTrialFlags(trial: { reactionTime: number | null }): SartTrialFlag[] {
  return isAnticipation(trial.reactionTime, SART_ANTICIPATION_MS) ? ['anticipation'] : [];
}

/**
 * The least time from a run's start to the trial at `position` being sent: every earlier
 * trial's period (SOA, plus feedback in practice), then this trial's own SOA, since a trial is
 * sent when its window closes at the next digit. Constant time, for every save.
 */
export function getSartMinimumArrivalMs(config: SartConfig, position: SartPosition): number {
  const practiceMs =
    getSartBlockTrialCount(config, 'practice') * getSartTrialPeriodMs(config, 'practice');
  const blockStartMs = position.phase === 'practice' ? 0 : practiceMs;
  return (
    blockStartMs +
    position.trialNumber * getSartTrialPeriodMs(config, position.phase) +
    getSartSoaMs(config)
  );
}

/** Where SART trials stand in a run, for the shared arrival checks. */
const arrivalRules = (config: SartConfig): ArrivalRules<SartPosition> => ({
  isPosition: (position): position is SartPosition => isSartPosition(config, position),
  compare: compareSartRunOrder,
  trialsBefore: (position) => countSartTrialsBefore(config, position),
  minimumArrivalMs: (position) => getSartMinimumArrivalMs(config, position),
});

/**
 * Why a trial that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can. Positions the run cannot have are left to the trial
 * check.
 */
export function findSartEarlyArrival(
  config: SartConfig,
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
export function findSartRunImplausibility(
  config: SartConfig,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  return judgeArrivedRun(arrivalRules(config), runStart, trials);
}
