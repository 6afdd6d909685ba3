import type { ResultTrial, RunSummary } from '@cogni/domain';
import type {
  Congruency,
  Direction,
  Display,
  Position,
  ResponseType,
  Scores,
} from '@cogni/domain/tasks/flanker';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** A stored flanker trial as the API returns it: the envelope with the task's fields beside it. */
export type FlankerResultTrial = ResultTrial & {
  phase: 'practice' | 'test';
  congruency: Congruency;
  targetDirection: Direction;
  display: Display;
  responded: boolean;
  responseType: ResponseType;
  nExtraResponses: number;
  /** Present where the whole stored trial is read (the admin's views), absent in progress. */
  timing?: { wasInterrupted?: boolean } | null;
};

/**
 * The trials of a flanker result. The server stored them after the task's trial schema accepted
 * them, so every flanker field is there.
 */
export function asFlankerTrials(trials: readonly ResultTrial[]): readonly FlankerResultTrial[] {
  return trials as readonly FlankerResultTrial[];
}

/** The flanker task's own scores of a finished run (its scoring code's shape). */
export function flankerScoresOf(summary: RunSummary): Scores {
  return summary.scores as Scores;
}

/** Where a run is, for people: 'Practice' or 'Test' (show with `t(...)`). */
export function blockName(position: Pick<Position, 'phase'>): MessageDescriptor {
  return position.phase === 'practice'
    ? msg({ comment: 'a phase of a test: trials with feedback', message: 'Practice' })
    : msg({ comment: 'a phase of a test: the trials that are scored', message: 'Test' });
}

/** A block's trials, as a result's table names them. */
export function blockTrialsName(position: Pick<Position, 'phase'>): MessageDescriptor {
  return position.phase === 'practice' ? msg`Practice trials` : msg`Test trials`;
}

export const CONGRUENCY_NAMES: Record<Congruency, MessageDescriptor> = {
  congruent: msg({
    comment: 'flanker trials whose arrows all point the same way',
    message: 'Congruent',
  }),
  incongruent: msg({
    comment: 'flanker trials whose middle arrow points the other way',
    message: 'Incongruent',
  }),
};

export const OUTCOME_NAMES: Record<ResponseType, MessageDescriptor> = {
  correct: msg({ comment: "a trial's outcome", message: 'Correct' }),
  error: msg({
    comment: "a trial's outcome: answered the other way",
    message: 'Error (other way)',
  }),
  omission: msg({ comment: "a trial's outcome: not answered", message: 'Omission (missed)' }),
};

/** What a screen reader is told of a display of five arrows. */
export function arrowsLabel(direction: Direction, congruency: Congruency): MessageDescriptor {
  if (direction === 'left') {
    return congruency === 'congruent'
      ? msg`Five arrows; the middle one points left, the others the same way`
      : msg`Five arrows; the middle one points left, the others the other way`;
  }
  return congruency === 'congruent'
    ? msg`Five arrows; the middle one points right, the others the same way`
    : msg`Five arrows; the middle one points right, the others the other way`;
}

/** The arrows of a display as the page shows them, e.g. '←←→←←'. */
export function displayText(display: Display): string {
  return [...display].map((arrow) => (arrow === '<' ? '←' : '→')).join('');
}

/** A proportion (0-1) as a percentage, e.g. 0.125 -> 12.5; null stays null. */
export function toPercent(rate: number | null): number | null {
  return rate === null ? null : rate * 100;
}
