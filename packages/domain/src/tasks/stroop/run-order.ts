import { type Config, getPhaseTrialCount, PHASES, type Phase } from './config';

/** A place in the run: a phase and a trial number in it. */
export type Position = { phase: Phase; trialNumber: number };

/** The position after `position`, in run order, or null after the last test trial. */
export function getNextPosition(config: Config, position: Position): Position | null {
  if (position.trialNumber + 1 < getPhaseTrialCount(config, position.phase)) {
    return { phase: position.phase, trialNumber: position.trialNumber + 1 };
  }
  const nextPhase = PHASES[PHASES.indexOf(position.phase) + 1];
  return nextPhase ? { phase: nextPhase, trialNumber: 0 } : null;
}

/**
 * Where a run continues (docs/product.md#how-resume-works): the position after the last saved trial
 * in run order, so no saved trial is repeated. Null when every trial is saved.
 */
export function getResumePosition(config: Config, saved: readonly Position[]): Position | null {
  let last: Position | null = null;
  const rank = (p: Position) => PHASES.indexOf(p.phase) * 100_000 + p.trialNumber;
  for (const position of saved) if (!last || rank(position) > rank(last)) last = position;
  return last ? getNextPosition(config, last) : { phase: 'sample', trialNumber: 0 };
}
