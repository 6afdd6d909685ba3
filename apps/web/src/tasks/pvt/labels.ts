import type { ResultTrial, RunSummary } from '@cogni/domain';
import type { FalseStart, Scores, TrialType, Variant } from '@cogni/domain/tasks/pvt';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { NO_VALUE } from '../../lib/format-scores';
import { i18n } from '../../lib/i18n/i18n';

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

/** A trial's type in the trial table: show with `t(TYPE_NAMES[...])`. */
export const TYPE_NAMES: Record<TrialType, MessageDescriptor> = {
  valid: msg`Valid`,
  lapse: msg`Lapse (slow)`,
  false_start: msg`False start (too fast)`,
  timeout: msg`Timeout (no response)`,
};

/** A response speed (1000 / RT): two decimals in the reader's language, per second. */
export function formatSpeed(value: number | null): string {
  if (value === null) return NO_VALUE;
  const speed = i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${speed}/s`;
}

/**
 * A test's duration or time left in words, in the reader's language: '10 minutes', '3 minutes',
 * '45 seconds'.
 */
export function formatDuration(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) {
    const minutes = ms / 60_000;
    return i18n._(msg({ message: plural(minutes, { one: '# minute', other: '# minutes' }) }));
  }
  if (ms >= 90_000) {
    const minutes = Math.round(ms / 60_000);
    return i18n._(
      msg({ message: plural(minutes, { one: 'about # minute', other: 'about # minutes' }) }),
    );
  }
  const seconds = Math.round(ms / 1000);
  return i18n._(msg({ message: plural(seconds, { one: '# second', other: '# seconds' }) }));
}
