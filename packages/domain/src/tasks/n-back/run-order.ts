import type { SavedTrial } from '../contract';
import {
  getNBackBlocksPerLevel,
  getNBackBlockTrialCount,
  getNBackLevels,
  meetsNBackPracticeCriterion,
  N_BACK_PHASES,
  type NBackConfig,
  type NBackPhase,
  nBackBlockNumber,
  splitNBackBlock,
} from './config';
import type { NBackPosition } from './plan';

const isPhase = (phase: string): phase is NBackPhase =>
  (N_BACK_PHASES as readonly string[]).includes(phase);

/** The first position of every run: the lowest level's first practice round. */
export function getNBackFirstPosition(config: NBackConfig): NBackPosition {
  const [first = 1] = getNBackLevels(config);
  return { phase: 'practice', block: nBackBlockNumber(first, 0), trialNumber: 0 };
}

/** Is `position` one the run can have (a level of the run, a block of it, a trial of that)? */
export function isNBackPosition(
  config: NBackConfig,
  position: { phase: string; block: number; trialNumber: number },
): position is NBackPosition {
  if (!isPhase(position.phase) || !Number.isInteger(position.block) || position.block < 0) {
    return false;
  }
  const { level, index } = splitNBackBlock(position.block);
  return (
    getNBackLevels(config).includes(level) &&
    index < getNBackBlocksPerLevel(config, position.phase) &&
    Number.isInteger(position.trialNumber) &&
    position.trialNumber >= 0 &&
    position.trialNumber < getNBackBlockTrialCount(config, position.phase, level)
  );
}

/**
 * Orders positions as a run takes them: by level, within a level its practice rounds before its
 * test blocks, each in turn, trial by trial.
 */
export function compareNBackRunOrder(a: NBackPosition, b: NBackPosition): number {
  const sa = splitNBackBlock(a.block);
  const sb = splitNBackBlock(b.block);
  return (
    sa.level - sb.level ||
    N_BACK_PHASES.indexOf(a.phase) - N_BACK_PHASES.indexOf(b.phase) ||
    sa.index - sb.index ||
    a.trialNumber - b.trialNumber
  );
}

/**
 * What follows a finished practice round (block `block`) with `correct` correct scored trials:
 * the level's first test block when the round met the criterion or was the last one allowed,
 * otherwise the next round.
 */
export function nBackAfterPracticeRound(
  config: NBackConfig,
  block: number,
  correct: number,
): NBackPosition {
  const { level, index } = splitNBackBlock(block);
  return meetsNBackPracticeCriterion(config, correct) || index >= config.practiceMaxRounds - 1
    ? { phase: 'test', block: nBackBlockNumber(level, 0), trialNumber: 0 }
    : { phase: 'practice', block: block + 1, trialNumber: 0 };
}

/**
 * What follows a finished test block: the level's next block, then the next level's first
 * practice round; null after the last level's last block.
 */
export function nBackAfterTestBlock(config: NBackConfig, block: number): NBackPosition | null {
  const { level, index } = splitNBackBlock(block);
  if (index + 1 < config.blocksPerLevel) {
    return { phase: 'test', block: block + 1, trialNumber: 0 };
  }
  const levels = getNBackLevels(config);
  const nextLevel = levels[levels.indexOf(level) + 1];
  return nextLevel === undefined
    ? null
    : { phase: 'practice', block: nBackBlockNumber(nextLevel, 0), trialNumber: 0 };
}

/**
 * Where a run continues after the trials saved so far: the position after the last one in run
 * order, or null after the last test block. After a practice round's last trial that depends on
 * the round's accuracy: its saved trials with isCorrect true count as correct (a trial not
 * saved counts as wrong; fillers have none). Positions the run cannot have are ignored.
 */
export function getNBackNextPosition(
  config: NBackConfig,
  saved: readonly SavedTrial[],
): NBackPosition | null {
  let last: NBackPosition | null = null;
  for (const trial of saved) {
    if (!isNBackPosition(config, trial)) continue;
    if (!last || compareNBackRunOrder(trial, last) > 0) {
      last = { phase: trial.phase, block: trial.block, trialNumber: trial.trialNumber };
    }
  }
  if (!last) return getNBackFirstPosition(config);
  const { level } = splitNBackBlock(last.block);
  if (last.trialNumber + 1 < getNBackBlockTrialCount(config, last.phase, level)) {
    return { ...last, trialNumber: last.trialNumber + 1 };
  }
  if (last.phase === 'test') return nBackAfterTestBlock(config, last.block);
  return nBackAfterPracticeRound(
    config,
    last.block,
    countNBackCorrectInBlock(config, saved, last.block),
  );
}

/** The distinct trials of practice block `block` saved with isCorrect true. */
export function countNBackCorrectInBlock(
  config: NBackConfig,
  saved: readonly SavedTrial[],
  block: number,
): number {
  const correct = new Set<number>();
  for (const t of saved) {
    if (t.phase === 'practice' && t.block === block && t.isCorrect === true) {
      if (isNBackPosition(config, t)) correct.add(t.trialNumber);
    }
  }
  return correct.size;
}
