import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from '../shared/envelope';
import {
  type ArrivalRules,
  findPositionEarlyArrival,
  isAnticipation as isUnder,
  judgeArrivedRun,
} from '../shared/plausibility';
import { blockTrialCount, type Config, trialPeriodMs } from './config';
import type { Position } from './plan';
import { compareRunOrder, countTrialsBefore, isPosition } from './run-order';

/**
 * Reaction times under this many ms are anticipations: a choice between two directions cannot be
 * made from the arrows that fast (flanker RTs of adults lie around 400-600 ms; 150 ms is the cut
 * most flanker analyses apply, above the house floor of a simple reaction, 100 ms). The trial is
 * kept and flagged, and left out of the accuracy and RT scores (docs/scoring/flanker.md).
 */
export const ANTICIPATION_MS = 150;

/** What the server notes about a trial it keeps. */
export const TRIAL_FLAGS = ['anticipation'] as const;
export type TrialFlag = (typeof TRIAL_FLAGS)[number];

/** Is a reaction time an anticipation? Null (no response) is not. */
export function isAnticipation(reactionTime: number | null): boolean {
  return isUnder(reactionTime, ANTICIPATION_MS);
}

/** The flags of a trial: they follow from the trial alone, so a replay gets the same ones. */
export function trialFlags(trial: { reactionTime: number | null }): TrialFlag[] {
  return isAnticipation(trial.reactionTime) ? ['anticipation'] : [];
}

/**
 * The least time from a run's start to the trial at `position` being sent: every earlier
 * trial's period (the SOA, plus feedback in practice), then this trial's own SOA, since a trial
 * is sent when its window closes at the next onset. Constant time, for every save.
 */
export function minimumArrivalMs(config: Config, position: Position): number {
  const practiceMs = blockTrialCount(config, 'practice') * trialPeriodMs(config, 'practice');
  const blockStartMs = position.phase === 'practice' ? 0 : practiceMs;
  return blockStartMs + position.trialNumber * trialPeriodMs(config, position.phase) + config.soaMs;
}

/** Where flanker trials stand in a run, for the shared arrival checks. */
const arrivalRules = (config: Config): ArrivalRules<Position> => ({
  isPosition: (position): position is Position => isPosition(config, position),
  compare: compareRunOrder,
  trialsBefore: (position) => countTrialsBefore(config, position),
  minimumArrivalMs: (position) => minimumArrivalMs(config, position),
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
