import type { SavedTrial } from '../contract';
import { type Config, PHASES, type Phase } from './config';
import { BISHOP_PROBLEMS, type Plan, type Position } from './plan';

const isPhase = (phase: string): phase is Phase => (PHASES as readonly string[]).includes(phase);

/** A position as one string, 'test:0:4', to key maps and elements by. */
export const positionKey = (p: { phase: string; block: number; trialNumber: number }) =>
  `${p.phase}:${p.block}:${p.trialNumber}`;

/** How many problems each phase of a run has: they follow from the settings alone. */
export function problemCounts(config: Config): Record<Phase, number> {
  const test =
    config.problemSet === 'bishop'
      ? BISHOP_PROBLEMS.length
      : config.problemSet === 'classic'
        ? 1
        : config.randomProblems;
  return { practice: config.practice ? 1 : 0, test };
}

/** Every position of a run, in run order: the practice problem, then the test problems. */
export function runOrder(config: Config): Position[] {
  const counts = problemCounts(config);
  return PHASES.flatMap((phase) =>
    Array.from({ length: counts[phase] }, (_, trialNumber) => ({ phase, block: 0, trialNumber })),
  );
}

/** Why `position` is not one of the plan's problems, as a message; null when it is. */
export function positionProblem(
  plan: Plan,
  position: { phase: string; block: number; trialNumber: number },
): string | null {
  const { phase, block, trialNumber } = position;
  if (!isPhase(phase)) return `phase ${phase} does not exist (practice or test)`;
  if (block !== 0) return `block ${block} does not exist (only 0)`;
  const count = plan[phase].length;
  if (count === 0) return `This run has no ${phase} problem`;
  if (!Number.isInteger(trialNumber) || trialNumber < 0 || trialNumber >= count) {
    return `trialNumber ${trialNumber} does not exist in ${phase} (0-${count - 1})`;
  }
  return null;
}

/** Is `position` one the run can have? */
export function isPosition(
  config: Config,
  position: { phase: string; block: number; trialNumber: number },
): position is Position {
  const counts = problemCounts(config);
  return (
    isPhase(position.phase) &&
    position.block === 0 &&
    Number.isInteger(position.trialNumber) &&
    position.trialNumber >= 0 &&
    position.trialNumber < counts[position.phase]
  );
}

/** Orders positions as a run takes them: practice first, then by problem number. */
export function compareRunOrder(a: Position, b: Position): number {
  return PHASES.indexOf(a.phase) - PHASES.indexOf(b.phase) || a.trialNumber - b.trialNumber;
}

/**
 * Where a run continues: the first problem in run order not saved yet; null when every problem
 * is saved. A problem left unfinished by a reload is given again from its start.
 */
export function getNextPosition(config: Config, saved: readonly SavedTrial[]): Position | null {
  const done = new Set(saved.map(positionKey));
  return runOrder(config).find((p) => !done.has(positionKey(p))) ?? null;
}
