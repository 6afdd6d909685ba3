import { type AdminTrial, type AnyTask, findTask, type ResultTrial } from '@cogni/domain';
import { trials } from '../../db/schema';

type TrialRow = typeof trials.$inferSelect;
type Position = { phase: string; block: number; trialNumber: number };

/**
 * Run order of a task's trials: by phase as the task lists them, then block, then number. A
 * test type no registered task implements keeps block and number order.
 */
export function compareRunOrder(task: Pick<AnyTask, 'phases'> | string) {
  const phases = typeof task === 'string' ? (findTask(task)?.phases ?? []) : task.phases;
  const rank = (phase: string) => phases.indexOf(phase);
  return (a: Position, b: Position): number =>
    rank(a.phase) - rank(b.phase) || a.block - b.block || a.trialNumber - b.trialNumber;
}

/**
 * The columns toResultTrial reads. Progress tracking selects only these: decoding the unused
 * timestamps and timing JSON of 1,680 rows was half the endpoint's time (bench/progress.ts).
 */
export const RESULT_TRIAL_COLUMNS = {
  resultId: trials.resultId,
  phase: trials.phase,
  block: trials.block,
  trialNumber: trials.trialNumber,
  response: trials.response,
  reactionTime: trials.reactionTime,
  isCorrect: trials.isCorrect,
  inputModality: trials.inputModality,
  fields: trials.fields,
  exclusions: trials.exclusions,
};

type ResultTrialRow = Pick<TrialRow, Exclude<keyof typeof RESULT_TRIAL_COLUMNS, 'resultId'>>;

/**
 * A stored trial as progress tracking shows it: the envelope's columns and the task's own
 * fields beside them, as the browser sent them. Stored values passed the task's checks.
 */
export function toResultTrial(row: ResultTrialRow): ResultTrial {
  // Object.assign, not spread: on Node 20 spreading a fresh object cost the research export
  // five times as much per row (bench/admin.ts). The envelope is written last, so no task
  // field can stand in for it.
  return Object.assign({}, row.fields as Record<string, unknown>, {
    phase: row.phase,
    block: row.block,
    trialNumber: row.trialNumber,
    response: row.response,
    reactionTime: row.reactionTime,
    isCorrect: row.isCorrect,
    inputModality: row.inputModality,
    exclusions: row.exclusions,
  });
}

/** The columns toStoredTrial reads: exports select only these (no row id or createdAt). */
export const STORED_TRIAL_COLUMNS = {
  ...RESULT_TRIAL_COLUMNS,
  startTime: trials.startTime,
  endTime: trials.endTime,
  timing: trials.timing,
  flags: trials.flags,
};

type StoredTrialRow = Pick<TrialRow, keyof typeof STORED_TRIAL_COLUMNS>;

/**
 * A stored trial with every field as stored: times and timing record may be null (mock trials
 * were never measured). The owner's trial list, admin views and exports use it.
 */
export function toStoredTrial(row: StoredTrialRow): AdminTrial {
  return Object.assign(toResultTrial(row), {
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
    timing: row.timing as Record<string, unknown> | null,
    flags: row.flags,
  });
}
