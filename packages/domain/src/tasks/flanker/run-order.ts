import type { SavedTrial } from '../contract';
import { blockTrialCount, type Config, PHASES, type Phase } from './config';
import type { Position } from './plan';

const isPhase = (phase: string): phase is Phase => (PHASES as readonly string[]).includes(phase);

/** Is `position` one the run can have (a practice trial when there is practice, a test trial)? */
export function isPosition(
  config: Config,
  position: { phase: string; block: number; trialNumber: number },
): position is Position {
  return (
    isPhase(position.phase) &&
    position.block === 0 &&
    Number.isInteger(position.trialNumber) &&
    position.trialNumber >= 0 &&
    position.trialNumber < blockTrialCount(config, position.phase)
  );
}

/** Orders positions as a run takes them: practice, then the test. */
export function compareRunOrder(a: Position, b: Position): number {
  return PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.trialNumber - b.trialNumber;
}

/** How many trials of the run come before `position`: practice's, then the test's. */
export function countTrialsBefore(config: Config, position: Position): number {
  const practice = position.phase === 'test' ? blockTrialCount(config, 'practice') : 0;
  return practice + position.trialNumber;
}

/** Where a run starts: the practice block, or the test when there is no practice. */
export function firstPosition(config: Config): Position {
  const phase: Phase = blockTrialCount(config, 'practice') > 0 ? 'practice' : 'test';
  return { phase, block: 0, trialNumber: 0 };
}

/**
 * Where a run continues after the trials saved so far: the position after the last one in run
 * order (the test's first after practice's last), or null after the last test trial. Practice
 * runs once whatever its accuracy. Positions the run cannot have are ignored.
 */
export function nextPosition(config: Config, saved: readonly SavedTrial[]): Position | null {
  const last = saved
    .filter((trial) => isPosition(config, trial))
    .map(
      (trial): Position => ({
        phase: trial.phase as Phase,
        block: 0,
        trialNumber: trial.trialNumber,
      }),
    )
    .reduce<Position | null>(
      (latest, p) => (!latest || compareRunOrder(p, latest) > 0 ? p : latest),
      null,
    );
  if (!last) return firstPosition(config);
  if (last.trialNumber + 1 < blockTrialCount(config, last.phase)) {
    return { ...last, trialNumber: last.trialNumber + 1 };
  }
  return last.phase === 'practice' ? { phase: 'test', block: 0, trialNumber: 0 } : null;
}
