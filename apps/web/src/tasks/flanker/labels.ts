import type { ResultTrial, RunSummary } from '@cogni/domain';
import type {
  Congruency,
  Direction,
  Display,
  Position,
  ResponseType,
  Scores,
} from '@cogni/domain/tasks/flanker';

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

/** Where a run is, for people: 'Practice' or 'Test'. */
export function blockName(position: Pick<Position, 'phase'>): string {
  return position.phase === 'practice' ? 'Practice' : 'Test';
}

export const CONGRUENCY_NAMES: Record<Congruency, string> = {
  congruent: 'Congruent',
  incongruent: 'Incongruent',
};

export const OUTCOME_NAMES: Record<ResponseType, string> = {
  correct: 'Correct',
  error: 'Error (other way)',
  omission: 'Omission (missed)',
};

/** The arrows of a display as the page shows them, e.g. '←←→←←'. */
export function displayText(display: Display): string {
  return [...display].map((arrow) => (arrow === '<' ? '←' : '→')).join('');
}

/** A proportion (0-1) as a percentage, e.g. 0.125 -> 12.5; null stays null. */
export function toPercent(rate: number | null): number | null {
  return rate === null ? null : rate * 100;
}
