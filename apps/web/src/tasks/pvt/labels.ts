import type { ResultTrial, RunSummary } from '@cogni/domain';
import type { FalseStart, Position, Scores, TrialType, Variant } from '@cogni/domain/tasks/pvt';
import { NO_VALUE } from '../../lib/format-scores';

/** A stored PVT trial as the API returns it: the envelope with the task's fields beside it. */
export type PvtResultTrial = ResultTrial & {
  phase: 'habituation' | 'test';
  variant: Variant;
  type: TrialType;
  foreperiodMs: number;
  rsiMs: number | null;
  lapseThresholdMs: number;
  nFalseStarts: number;
  falseStarts: readonly FalseStart[];
  elapsedMs: number;
  resumed: boolean;
  nExtraResponses: number;
};

/**
 * The trials of a PVT result. The server stored them after the task's trial schema accepted
 * them, so every PVT field is there.
 */
export function asPvtTrials(trials: readonly ResultTrial[]): readonly PvtResultTrial[] {
  return trials as readonly PvtResultTrial[];
}

/** The PVT's own scores of a finished run (its scoring code's shape, every scoring version). */
export function pvtScoresOf(summary: RunSummary): Scores {
  return summary.scores as Scores;
}

/** Where a run is, for people: 'Practice' (the habituation trials) or 'Test'. */
export function phaseName(position: Pick<Position, 'phase'>): string {
  return position.phase === 'habituation' ? 'Practice' : 'Test';
}

export const TYPE_NAMES: Record<TrialType, string> = {
  valid: 'Valid',
  lapse: 'Lapse (slow)',
  false_start: 'False start (too fast)',
  timeout: 'Timeout (no response)',
};

/** A response speed (1000 / RT): two decimals, per second. */
export function formatSpeed(value: number | null): string {
  return value === null ? NO_VALUE : `${value.toFixed(2)}/s`;
}

/** A test's duration or time left in words: '10 minutes', '3 minutes', '45 seconds'. */
export function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) {
    const minutes = ms / 60_000;
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  if (ms >= 90_000) return `about ${Math.round(ms / 60_000)} minutes`;
  const seconds = Math.round(ms / 1000);
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}
