import type { SavedTrial } from '../contract';
import {
  GO_NO_GO_PHASES,
  type GoNoGoConfig,
  type GoNoGoPhase,
  getGoNoGoBlockTrialCount,
  meetsGoNoGoPracticeCriterion,
} from './config';
import type { GoNoGoPosition } from './plan';

const isPhase = (phase: string): phase is GoNoGoPhase =>
  (GO_NO_GO_PHASES as readonly string[]).includes(phase);

/** The first position of every run. */
export const GO_NO_GO_FIRST_POSITION: GoNoGoPosition = {
  phase: 'practice',
  block: 0,
  trialNumber: 0,
};

/** Is `position` one the run can have (a practice round up to the last, a test trial)? */
export function isGoNoGoPosition(
  config: GoNoGoConfig,
  position: { phase: string; block: number; trialNumber: number },
): position is GoNoGoPosition {
  if (!isPhase(position.phase)) return false;
  const blocks = position.phase === 'practice' ? config.practiceMaxRounds : 1;
  return (
    Number.isInteger(position.block) &&
    position.block >= 0 &&
    position.block < blocks &&
    Number.isInteger(position.trialNumber) &&
    position.trialNumber >= 0 &&
    position.trialNumber < getGoNoGoBlockTrialCount(config, position.phase)
  );
}

/** Orders positions as a run takes them: practice rounds in turn, then the test. */
export function compareGoNoGoRunOrder(a: GoNoGoPosition, b: GoNoGoPosition): number {
  return (
    GO_NO_GO_PHASES.indexOf(a.phase) - GO_NO_GO_PHASES.indexOf(b.phase) ||
    a.block - b.block ||
    a.trialNumber - b.trialNumber
  );
}

/**
 * What follows a finished practice round that had `correct` correct trials: the test when the
 * round met the criterion or was the last one allowed, otherwise the next round.
 */
export function goNoGoAfterPracticeRound(
  config: GoNoGoConfig,
  round: number,
  correct: number,
): GoNoGoPosition {
  return meetsGoNoGoPracticeCriterion(config, correct) || round >= config.practiceMaxRounds - 1
    ? { phase: 'test', block: 0, trialNumber: 0 }
    : { phase: 'practice', block: round + 1, trialNumber: 0 };
}

/**
 * Where a run continues after the trials saved so far: the position after the last one in run
 * order, or null after the last test trial. After a practice round's last trial that depends on
 * the round's accuracy: its saved trials with isCorrect true count as correct (a trial not
 * saved counts as wrong). Positions the run cannot have are ignored.
 */
export function getGoNoGoNextPosition(
  config: GoNoGoConfig,
  saved: readonly SavedTrial[],
): GoNoGoPosition | null {
  let last: GoNoGoPosition | null = null;
  for (const trial of saved) {
    if (!isGoNoGoPosition(config, trial)) continue;
    if (!last || compareGoNoGoRunOrder(trial, last) > 0) {
      last = { phase: trial.phase, block: trial.block, trialNumber: trial.trialNumber };
    }
  }
  if (!last) return GO_NO_GO_FIRST_POSITION;
  if (last.trialNumber + 1 < getGoNoGoBlockTrialCount(config, last.phase)) {
    return { ...last, trialNumber: last.trialNumber + 1 };
  }
  if (last.phase === 'test') return null;
  const round = last.block;
  return goNoGoAfterPracticeRound(config, round, countGoNoGoCorrectInRound(config, saved, round));
}

/** The distinct trials of practice round `round` saved with isCorrect true. */
export function countGoNoGoCorrectInRound(
  config: GoNoGoConfig,
  saved: readonly SavedTrial[],
  round: number,
): number {
  const correct = new Set<number>();
  for (const t of saved) {
    if (t.phase === 'practice' && t.block === round && t.isCorrect === true) {
      if (isGoNoGoPosition(config, t)) correct.add(t.trialNumber);
    }
  }
  return correct.size;
}
