import type { ArrivedTrial } from '../contract';
import type { TrialPosition } from '../shared/envelope';
import {
  type ArrivalRules,
  findPositionEarlyArrival,
  isAnticipation as isUnder,
  judgeArrivedRun,
} from '../shared/plausibility';
import { type Config, getBlockTrialCount, getLevels, getTrialPeriodMs, splitBlock } from './config';
import type { Position } from './plan';
import { compareRunOrder, isPosition } from './run-order';

/**
 * Reaction times under this many ms are anticipations: a press begun before the letter could
 * have been read. The trial is kept, flagged, scored by its answer, and left out of the RT
 * scores.
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
export function getTrialFlags(trial: { reactionTime: number | null }): TrialFlag[] {
  return isAnticipation(trial.reactionTime) ? ['anticipation'] : [];
}

/**
 * The trials and time (ms) before `position` at least, from the run's start: every earlier
 * level's single shortest path (one practice round, then its test blocks), then within the
 * position's level the rounds or blocks before it (the test follows at least one practice round).
 */
function leastBefore(config: Config, position: Position) {
  const { level, index } = splitBlock(position.block);
  const practicePeriod = getTrialPeriodMs(config, 'practice');
  let trials = 0;
  let ms = 0;
  const add = (phase: Position['phase'], n: number, blocks: number) => {
    const count = getBlockTrialCount(config, phase, n) * blocks;
    trials += count;
    ms += count * (phase === 'practice' ? practicePeriod : config.soaMs);
  };
  for (const n of getLevels(config)) {
    if (n >= level) break;
    add('practice', n, 1);
    add('test', n, config.blocksPerLevel);
  }
  if (position.phase === 'practice') {
    add('practice', level, index);
  } else {
    add('practice', level, 1);
    add('test', level, index);
  }
  const period = getTrialPeriodMs(config, position.phase);
  return { trials: trials + position.trialNumber, ms: ms + position.trialNumber * period };
}

/**
 * The least time from a run's start to the trial at `position` being sent: every trial before
 * it (leastBefore), then its own SOA, since a trial is sent when its SOA ends.
 */
export function getMinimumArrivalMs(config: Config, position: Position): number {
  return leastBefore(config, position).ms + config.soaMs;
}

/** Where N-back trials stand in a run, for the shared arrival checks. */
const arrivalRules = (config: Config): ArrivalRules<Position> => ({
  isPosition: (position): position is Position => isPosition(config, position),
  compare: compareRunOrder,
  trialsBefore: (position) => leastBefore(config, position).trials,
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
