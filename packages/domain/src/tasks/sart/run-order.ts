import type { SavedTrial } from '../contract';
import { type Config, getBlockTrialCount, PHASES, type Phase } from './config';
import type { Position } from './plan';

const isPhase = (phase: string): phase is Phase => (PHASES as readonly string[]).includes(phase);

/** Is `position` one the run can have (a practice trial when practice is on, a test trial)? */
export function isPosition(
  config: Config,
  position: { phase: string; block: number; trialNumber: number },
): position is Position {
  return (
    isPhase(position.phase) &&
    position.block === 0 &&
    Number.isInteger(position.trialNumber) &&
    position.trialNumber >= 0 &&
    position.trialNumber < getBlockTrialCount(config, position.phase)
  );
}

/** Orders positions as a run takes them: practice, then the test. */
export function compareRunOrder(a: Position, b: Position): number {
  return PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.trialNumber - b.trialNumber;
}

/** Trials of the run before `position`: the practice block's (when on), then the test's. */
export function countTrialsBefore(config: Config, position: Position): number {
  return position.phase === 'practice'
    ? position.trialNumber
    : getBlockTrialCount(config, 'practice') + position.trialNumber;
}

/** The first position of a run: practice when it is on, else the test. */
export function getFirstPosition(config: Config): Position {
  return {
    phase: getBlockTrialCount(config, 'practice') > 0 ? 'practice' : 'test',
    block: 0,
    trialNumber: 0,
  };
}

/**
 * Where a run continues after the trials saved so far: the position after the last one in run
 * order (the test's first after practice's last), or null after the last test trial. Practice
 * is run once whatever its accuracy. Positions the run cannot have are ignored.
 */
export function getNextPosition(config: Config, saved: readonly SavedTrial[]): Position | null {
  let last: Position | null = null;
  for (const trial of saved) {
    if (!isPosition(config, trial)) continue;
    if (!last || compareRunOrder(trial, last) > 0) {
      last = { phase: trial.phase, block: 0, trialNumber: trial.trialNumber };
    }
  }
  if (!last) return getFirstPosition(config);
  if (last.trialNumber + 1 < getBlockTrialCount(config, last.phase)) {
    return { ...last, trialNumber: last.trialNumber + 1 };
  }
  return last.phase === 'practice' ? { phase: 'test', block: 0, trialNumber: 0 } : null;
}
