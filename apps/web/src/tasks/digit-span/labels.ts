import type { ResultTrial, RunSummary } from '@cogni/domain';
import {
  type Direction,
  type DirectionScores,
  directionOfBlock,
  type InvalidReason,
  type Position,
  type Scores,
} from '@cogni/domain/tasks/digit-span';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../lib/i18n/i18n';

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

export const DIRECTION_NAMES: Record<Direction, MessageDescriptor> = {
  forward: msg({
    comment: 'Digit Span: the digits entered in the order shown',
    message: 'Forward',
  }),
  backward: msg({
    comment: 'Digit Span: the digits entered in reverse order',
    message: 'Backward',
  }),
};

/** A part of a run: its direction and phase. */
type Part = Pick<Position, 'phase' | 'block'>;

const isBackward = (part: Part) => directionOfBlock(part.block) === 'backward';

/** Where a run is, for people: 'Forward practice' or 'Backward test' (show with `t(...)`). */
export function partName(part: Part): MessageDescriptor {
  if (isBackward(part)) {
    return part.phase === 'practice' ? msg`Backward practice` : msg`Backward test`;
  }
  return part.phase === 'practice' ? msg`Forward practice` : msg`Forward test`;
}

/** A part's lists, as a result's table names them: 'Forward practice lists'. */
export function partListsName(part: Part): MessageDescriptor {
  if (isBackward(part)) {
    return part.phase === 'practice' ? msg`Backward practice lists` : msg`Backward test lists`;
  }
  return part.phase === 'practice' ? msg`Forward practice lists` : msg`Forward test lists`;
}

/** Digits as people read them: '3 7 2'; 'nothing' (in the reader's language) for no digit. */
export function spaced(digits: string): string {
  if (digits === '')
    return i18n._(msg({ comment: 'An answer without a digit', message: 'nothing' }));
  return digits.split('-').join(' ');
}

export const INVALID_REASON_TEXT: Record<InvalidReason, MessageDescriptor> = {
  practiceNotPassed: msg`no practice list was answered correctly`,
  mostlyEmpty: msg`more than half of the lists were answered with no digit`,
  interruptedOverLimit: msg`a list during which the page was left counted by its answer, as no repeat was left`,
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
