import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from '../shared/envelope';
import {
  type ArrivalRules,
  findPositionEarlyArrival,
  isAnticipation as isUnder,
  judgeArrivedRun,
} from '../shared/plausibility';
import { type Config, getTrialPeriodMs } from './config';
import type { Position } from './plan';
import { compareRunOrder, isPosition } from './run-order';

/**
 * Reaction times under this many ms are anticipations: a press begun before the stimulus could
 * have been seen (Cheyne et al., 2009). The trial is kept and flagged; an anticipation on a
 * no-go trial is still a commission.
 */
export const ANTICIPATION_MS = 100;

/** What the server notes about a trial it keeps. */
export const TRIAL_FLAGS = ['anticipation'] as const;
export type TrialFlag = (typeof TRIAL_FLAGS)[number];

/** Is a reaction time an anticipation? Null (no response) is not. */
export function isAnticipation(reactionTime: number | null): boolean {
  return isUnder(reactionTime, ANTICIPATION_MS);
}

/** The flags of a trial: they follow from the trial alone, so a replay gets the same ones. */
export function getTrialFlags(trial: { reactionTime: number | null }): TrialFlag[] {
  return isAnticipation(trial.reactionTime) ? ['anticipation'] : [];
}

/**
 * The least time a trial takes before the next can begin: its SOA, and its feedback in
 * practice. The pace is fixed, so no answer makes a trial shorter.
 */
export function getMinimumTrialMs(config: Config, phase: Position['phase']) {
  return getTrialPeriodMs(config, phase);
}

/**
 * The least time from a run's start to the trial at `position` being sent: every earlier
 * trial's SOA (and feedback, in practice), then this trial's own SOA, since a trial is sent
 * when its SOA ends (a late press can come until then). The test follows at least one
 * practice round. Constant time, for every save.
 */
export function getMinimumArrivalMs(config: Config, position: Position): number {
  const practiceRoundMs = config.practiceTrials * getTrialPeriodMs(config, 'practice');
  const blockStartMs =
    position.phase === 'practice' ? position.block * practiceRoundMs : practiceRoundMs;
  return (
    blockStartMs + position.trialNumber * getTrialPeriodMs(config, position.phase) + config.soaMs
  );
}

/** How many trials come before `position` at least (the test follows one practice round). */
function countTrialsBefore(config: Config, position: Position): number {
  const rounds = position.phase === 'practice' ? position.block : 1;
  return rounds * config.practiceTrials + position.trialNumber;
}

/** Where Go/No-Go trials stand in a run, for the shared arrival checks. */
const arrivalRules = (config: Config): ArrivalRules<Position> => ({
  isPosition: (position): position is Position => isPosition(config, position),
  compare: compareRunOrder,
  trialsBefore: (position) => countTrialsBefore(config, position),
  minimumArrivalMs: (position) => getMinimumArrivalMs(config, position),
});

/**
 * Why a trial that reached the server `elapsedMs` after its run started cannot have been taken
 * by a person by then, or null if it can (within RUN_ARRIVAL_TOLERANCE_MS). Positions the run
 * cannot have are left to the trial check.
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
 * server sooner after the run's start than their SOAs and feedback take (by the server's
 * clock), or the device's clock times of its trials go backwards. Scores of such a run are
 * still kept; this only tells reports to leave it out.
 */
export function findRunImplausibility(
  config: Config,
  runStart: Date,
  trials: readonly ArrivedTrial[],
): string | null {
  return judgeArrivedRun(arrivalRules(config), runStart, trials);
}
