import type { SavedTrial } from '../contract';
import {
  blockNumber,
  type Config,
  getBlocksPerLevel,
  getBlockTrialCount,
  getLevels,
  meetsPracticeCriterion,
  PHASES,
  type Phase,
  splitBlock,
} from './config';
import type { Position } from './plan';

const isPhase = (phase: string): phase is Phase => (PHASES as readonly string[]).includes(phase);

/** The first position of every run: the lowest level's first practice round. */
export function getFirstPosition(config: Config): Position {
  const [first = 1] = getLevels(config);
  return { phase: 'practice', block: blockNumber(first, 0), trialNumber: 0 };
}

/** Is `position` one the run can have (a level of the run, a block of it, a trial of that)? */
export function isPosition(
  config: Config,
  position: { phase: string; block: number; trialNumber: number },
): position is Position {
  if (!isPhase(position.phase) || !Number.isInteger(position.block) || position.block < 0) {
    return false;
  }
  const { level, index } = splitBlock(position.block);
  return (
    getLevels(config).includes(level) &&
    index < getBlocksPerLevel(config, position.phase) &&
    Number.isInteger(position.trialNumber) &&
    position.trialNumber >= 0 &&
    position.trialNumber < getBlockTrialCount(config, position.phase, level)
  );
}

/**
 * Orders positions as a run takes them: by level, within a level its practice rounds before its
 * test blocks, each in turn, trial by trial.
 */
export function compareRunOrder(a: Position, b: Position): number {
  const sa = splitBlock(a.block);
  const sb = splitBlock(b.block);
  return (
    sa.level - sb.level ||
    PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) ||
    sa.index - sb.index ||
    a.trialNumber - b.trialNumber
  );
}

/**
 * What follows a finished practice round (block `block`) with `correct` correct scored trials:
 * the level's first test block when the round met the criterion or was the last one allowed,
 * otherwise the next round.
 */
export function afterPracticeRound(config: Config, block: number, correct: number): Position {
  const { level, index } = splitBlock(block);
  return meetsPracticeCriterion(config, correct) || index >= config.practiceMaxRounds - 1
    ? { phase: 'test', block: blockNumber(level, 0), trialNumber: 0 }
    : { phase: 'practice', block: block + 1, trialNumber: 0 };
}

/**
 * What follows a finished test block: the level's next block, then the next level's first
 * practice round; null after the last level's last block.
 */
export function afterTestBlock(config: Config, block: number): Position | null {
  const { level, index } = splitBlock(block);
  if (index + 1 < config.blocksPerLevel) {
    return { phase: 'test', block: block + 1, trialNumber: 0 };
  }
  const levels = getLevels(config);
  const nextLevel = levels[levels.indexOf(level) + 1];
  return nextLevel === undefined
    ? null
    : { phase: 'practice', block: blockNumber(nextLevel, 0), trialNumber: 0 };
}

/**
 * Where a run continues after the trials saved so far: the position after the last one in run
 * order, or null after the last test block. After a practice round's last trial that depends on
 * the round's accuracy: its saved trials with isCorrect true count as correct (a trial not
 * saved counts as wrong; fillers have none). Positions the run cannot have are ignored.
 */
export function getNextPosition(config: Config, saved: readonly SavedTrial[]): Position | null {
  let last: Position | null = null;
  for (const trial of saved) {
    if (!isPosition(config, trial)) continue;
    if (!last || compareRunOrder(trial, last) > 0) {
      last = { phase: trial.phase, block: trial.block, trialNumber: trial.trialNumber };
    }
  }
  if (!last) return getFirstPosition(config);
  const { level } = splitBlock(last.block);
  if (last.trialNumber + 1 < getBlockTrialCount(config, last.phase, level)) {
    return { ...last, trialNumber: last.trialNumber + 1 };
  }
  if (last.phase === 'test') return afterTestBlock(config, last.block);
  return afterPracticeRound(config, last.block, countCorrectInBlock(config, saved, last.block));
}

/** The distinct trials of practice block `block` saved with isCorrect true. */
export function countCorrectInBlock(
  config: Config,
  saved: readonly SavedTrial[],
  block: number,
): number {
  const correct = new Set<number>();
  for (const t of saved) {
    if (t.phase === 'practice' && t.block === block && t.isCorrect === true) {
      if (isPosition(config, t)) correct.add(t.trialNumber);
    }
  }
  return correct.size;
}
