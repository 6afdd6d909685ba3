import { positionOf, type TrialEnvelope } from '@cogni/domain';

/** A trial to store: as a task's schema accepts it, or simulated, with no timing record. */
export type TrialToStore = Omit<TrialEnvelope, 'timing'> & {
  timing: TrialEnvelope['timing'] | null;
};

/** What the server adds to a trial before storing it. */
type TrialAdditions = {
  /** The task's own fields of the trial (the task's fieldsOf). */
  fields: Record<string, unknown>;
  /** The task's report cell of the trial, or null. */
  reportCell: string | null;
  /** What the server noticed about the trial; absent: none (the column's default). */
  flags?: string[];
};

/**
 * A trial's row in `trials`, as every writer inserts it (a save, a generated run, the load
 * benchmark's ceiling): the envelope's columns with their defaults filled in (block 0, keyboard),
 * the device's times as dates, the task's fields and report cell, the flags and the arrival by
 * the server's clock. Without `createdAt` the row takes the time of its insert. to-trial.ts reads
 * the row back.
 */
export function toTrialRow(
  resultId: string,
  trial: TrialToStore,
  added: TrialAdditions,
  createdAt?: Date,
) {
  return {
    resultId,
    ...positionOf(trial),
    response: trial.response,
    reactionTime: trial.reactionTime,
    isCorrect: trial.isCorrect,
    inputModality: trial.inputModality ?? 'keyboard',
    reportCell: added.reportCell,
    fields: added.fields,
    startTime: new Date(trial.startTime),
    endTime: trial.endTime === null ? null : new Date(trial.endTime),
    timing: trial.timing,
    flags: added.flags,
    createdAt,
  };
}

/** A trial's row as toTrialRow makes it. */
export type TrialRowValues = ReturnType<typeof toTrialRow>;
