import type { AnyTask, RunScore, StoredTrial, TrialEnvelope } from '@cogni/domain';
import { trials } from '../../db/schema';
import { STORED_TRIAL_COLUMNS, toStoredTrial } from './to-trial';

/** The columns of a stored trial that scoring and the completion checks read. */
export const SCORED_TRIAL_COLUMNS = { ...STORED_TRIAL_COLUMNS, arrivedAt: trials.createdAt };

type StoredRow = Parameters<typeof toStoredTrial>[0];

/**
 * A run's scores from its stored trial rows, by its task's current scoring, never from the
 * browser's numbers (docs/product.md#scores).
 */
export function scoreStoredTrials(
  task: AnyTask,
  config: unknown,
  rows: readonly StoredRow[],
): RunScore<unknown> {
  // The task's score reads what its trial schema accepted; the stored trial has all of it.
  return task.score(config, rows.map(toStoredTrial) as unknown as StoredTrial<TrialEnvelope>[]);
}
