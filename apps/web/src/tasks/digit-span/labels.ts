import type { ResultTrial, RunSummary } from '@cogni/domain';
import {
  type Direction,
  type DirectionScores,
  directionOfBlock,
  type InvalidReason,
  type Position,
  type Scores,
} from '@cogni/domain/tasks/digit-span';

/** A stored Digit Span trial as the API returns it: the envelope with the task's fields beside it. */
export type DigitSpanResultTrial = ResultTrial & {
  phase: 'practice' | 'test';
  direction: Direction;
  length: number;
  attempt: number;
  /** 0 for the ladder's own list; r for the r-th list given in its place (absent before 1.1.0). */
  repeat?: number;
  /** The page was hidden or unfocused during the list (absent before 1.1.0: see timing). */
  interrupted?: boolean;
  presented: string;
  expected: string;
  entered: string;
  nDigitsEntered: number;
  nCorrectPositions: number;
  firstKeyRt: number | null;
  nBackspaces: number;
  timedOut: boolean;
};

/**
 * The trials of a Digit Span result. The server stored them after the task's trial schema
 * accepted them, so every Digit Span field is there.
 */
export function asDigitSpanTrials(trials: readonly ResultTrial[]): readonly DigitSpanResultTrial[] {
  return trials as readonly DigitSpanResultTrial[];
}

/** Digit Span's own scores of a finished run (its scoring code's shape, every version). */
export function digitSpanScoresOf(summary: RunSummary): Scores {
  return summary.scores as Scores;
}

export const DIRECTION_NAMES: Record<Direction, string> = {
  forward: 'Forward',
  backward: 'Backward',
};

/** Where a run is, for people: 'Forward practice' or 'Backward test'. */
export function partName(position: Pick<Position, 'phase' | 'block'>): string {
  return `${DIRECTION_NAMES[directionOfBlock(position.block) ?? 'forward']} ${position.phase}`;
}

/** Digits as people read them: '3 7 2'. */
export function spaced(digits: string): string {
  return digits === '' ? 'nothing' : digits.split('-').join(' ');
}

export const INVALID_REASON_TEXT: Record<InvalidReason, string> = {
  practiceNotPassed: 'no practice list was answered correctly',
  mostlyEmpty: 'more than half of the lists were answered with no digit',
  interruptedOverLimit:
    'a list during which the page was left counted by its answer, as no repeat was left',
};

/**
 * What the run's scoring made of an interrupted list: given again (left out of every score) or
 * scored by its answer (no repeat left); null for a list that was not interrupted, or was scored
 * before scoring version 3.
 */
export function interruptionOf(trial: DigitSpanResultTrial): 'givenAgain' | 'counted' | null {
  if (trial.exclusions?.includes('interrupted')) return 'givenAgain';
  if (trial.exclusions?.includes('interruptedOverLimit')) return 'counted';
  return null;
}

/** The directions a run gave, with their scores, in run order. */
export function givenDirections(
  scores: Scores,
): { direction: Direction; scores: DirectionScores }[] {
  return (['forward', 'backward'] as const).flatMap((direction) => {
    const given = scores[direction];
    return given ? [{ direction, scores: given }] : [];
  });
}
