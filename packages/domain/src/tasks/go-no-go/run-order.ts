import type { SavedTrial } from '../contract';
import {
  type Config,
  getBlockTrialCount,
  meetsPracticeCriterion,
  PHASES,
  type Phase,
} from './config';
import type { Position } from './plan';

const isPhase = (phase: string): phase is Phase => (PHASES as readonly string[]).includes(phase);

/** The first position of every run. */
export const FIRST_POSITION: Position = {
  phase: 'practice',
  block: 0,
  trialNumber: 0,
};

/** Is `position` one the run can have (a practice round up to the last, a test trial)? */
export function isPosition(
  config: Config,
  position: { phase: string; block: number; trialNumber: number },
): position is Position {
  if (!isPhase(position.phase)) return false;
  const blocks = position.phase === 'practice' ? config.practiceMaxRounds : 1;
  return (
    Number.isInteger(position.block) &&
    position.block >= 0 &&
    position.block < blocks &&
    Number.isInteger(position.trialNumber) &&
    position.trialNumber >= 0 &&
    position.trialNumber < getBlockTrialCount(config, position.phase)
  );
}

/** Orders positions as a run takes them: practice rounds in turn, then the test. */
export function compareRunOrder(a: Position, b: Position): number {
  return (
    PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) ||
    a.block - b.block ||
    a.trialNumber - b.trialNumber
  );
}

/**
 * What follows a finished practice round that had `correct` correct trials: the test when the
 * round met the criterion or was the last one allowed, otherwise the next round.
 */
export function afterPracticeRound(config: Config, round: number, correct: number): Position {
  return meetsPracticeCriterion(config, correct) || round >= config.practiceMaxRounds - 1
    ? { phase: 'test', block: 0, trialNumber: 0 }
    : { phase: 'practice', block: round + 1, trialNumber: 0 };
}

/**
 * Where a run continues after the trials saved so far: the position after the last one in run
 * order, or null after the last test trial. After a practice round's last trial that depends on
 * the round's accuracy: its saved trials with isCorrect true count as correct (a trial not
 * saved counts as wrong). Positions the run cannot have are ignored.
 */
export function getNextPosition(config: Config, saved: readonly SavedTrial[]): Position | null {
  let last: Position | null = null;
  for (const trial of saved) {
    if (!isPosition(config, trial)) continue;
    if (!last || compareRunOrder(trial, last) > 0) {
      last = { phase: trial.phase, block: trial.block, trialNumber: trial.trialNumber };
    }
  }
  if (!last) return FIRST_POSITION;
  if (last.trialNumber + 1 < getBlockTrialCount(config, last.phase)) {
    return { ...last, trialNumber: last.trialNumber + 1 };
  }
  if (last.phase === 'test') return null;
  const round = last.block;
  return afterPracticeRound(config, round, countCorrectInRound(config, saved, round));
}

/** The distinct trials of practice round `round` saved with isCorrect true. */
export function countCorrectInRound(
  config: Config,
  saved: readonly SavedTrial[],
  round: number,
): number {
  const correct = new Set<number>();
  for (const t of saved) {
    if (t.phase === 'practice' && t.block === round && t.isCorrect === true) {
      if (isPosition(config, t)) correct.add(t.trialNumber);
    }
  }
  return correct.size;
}
