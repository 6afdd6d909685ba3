import type { SavedTrial } from '../contract';
import { getSartBlockTrialCount, SART_PHASES, type SartConfig, type SartPhase } from './config';
import type { SartPosition } from './plan';

const isPhase = (phase: string): phase is SartPhase =>
  (SART_PHASES as readonly string[]).includes(phase);

/** Is `position` one the run can have (a practice trial when practice is on, a test trial)? */
export function isSartPosition(
  config: SartConfig,
  position: { phase: string; block: number; trialNumber: number },
): position is SartPosition {
  return (
    isPhase(position.phase) &&
    position.block === 0 &&
    Number.isInteger(position.trialNumber) &&
    position.trialNumber >= 0 &&
    position.trialNumber < getSartBlockTrialCount(config, position.phase)
  );
}

/** Orders positions as a run takes them: practice, then the test. */
export function compareSartRunOrder(a: SartPosition, b: SartPosition): number {
  return (
    SART_PHASES.indexOf(a.phase) - SART_PHASES.indexOf(b.phase) || a.trialNumber - b.trialNumber
  );
}

/** Trials of the run before `position`: the practice block's (when on), then the test's. */
export function countSartTrialsBefore(config: SartConfig, position: SartPosition): number {
  return position.phase === 'practice'
    ? position.trialNumber
    : getSartBlockTrialCount(config, 'practice') + position.trialNumber;
}

/** The first position of a run: practice when it is on, else the test. */
export function getSartFirstPosition(config: SartConfig): SartPosition {
  return {
    phase: getSartBlockTrialCount(config, 'practice') > 0 ? 'practice' : 'test',
    block: 0,
    trialNumber: 0,
  };
}

/**
 * Where a run continues after the trials saved so far: the position after the last one in run
 * order (the test's first after practice's last), or null after the last test trial. Practice
 * is run once whatever its accuracy. Positions the run cannot have are ignored.
 */
export function getSartNextPosition(
  config: SartConfig,
  saved: readonly SavedTrial[],
): SartPosition | null {
  let last: SartPosition | null = null;
  for (const trial of saved) {
    if (!isSartPosition(config, trial)) continue;
    if (!last || compareSartRunOrder(trial, last) > 0) {
      last = { phase: trial.phase, block: 0, trialNumber: trial.trialNumber };
    }
  }
  if (!last) return getSartFirstPosition(config);
  if (last.trialNumber + 1 < getSartBlockTrialCount(config, last.phase)) {
    return { ...last, trialNumber: last.trialNumber + 1 };
  }
  return last.phase === 'practice' ? { phase: 'test', block: 0, trialNumber: 0 } : null;
}
