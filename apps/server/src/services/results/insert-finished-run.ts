import { type AnyTask, type DeviceInfo, storedTrialOf } from '@cogni/domain';
import { testResults, testSessions, trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { recordScore, toSummaryColumns } from './summary-columns';
import { type TrialToStore, toTrialRow } from './trial-row';

export type FinishedRunInput = {
  task: AnyTask;
  userId: string;
  seed: string;
  config: unknown;
  startTime: Date;
  endTime: Date;
  deviceInfo: DeviceInfo;
  measurement: Record<string, unknown>;
  /** Written by the mock-data generator rather than by a person taking the test. */
  isMock: boolean;
  /** Every trial, in run order; a simulated trial has no timing record (nothing was measured). */
  trials: readonly TrialToStore[];
};

/**
 * Writes a whole finished run of any task at once (session, scored result and every trial) in one
 * transaction: for generated runs (the admin mock-data generator, seeded tests and benchmarks),
 * which do not arrive one trial at a time. Scores come from the trials, as for real runs
 * (docs/product.md#scores).
 */
export async function insertFinishedRun(
  ctx: Pick<ServiceContext, 'db'>,
  input: FinishedRunInput,
): Promise<string> {
  const { task } = input;
  const stored = input.trials.map((trial) => storedTrialOf(trial));
  const score = task.score(input.config, stored);
  return ctx.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(testSessions)
      .values({
        userId: input.userId,
        testType: task.id,
        startTime: input.startTime,
        deviceInfo: input.deviceInfo,
        measurement: input.measurement,
        seed: input.seed,
        config: input.config,
      })
      .returning({ id: testSessions.id });
    if (!session) throw new Error('session insert returned nothing');
    const [result] = await tx
      .insert(testResults)
      .values({
        userId: input.userId,
        sessionId: session.id,
        testType: task.id,
        startTime: input.startTime,
        endTime: input.endTime,
        isMock: input.isMock,
        ...toSummaryColumns(task, score),
      })
      .returning({ id: testResults.id });
    if (!result) throw new Error('result insert returned nothing');
    if (stored.length > 0) {
      await tx.insert(trials).values(
        stored.map((trial) =>
          toTrialRow(result.id, trial, {
            fields: task.fieldsOf(trial),
            reportCell: task.reportCell(trial),
          }),
        ),
      );
    }
    await recordScore(tx, task, result.id, score);
    return result.id;
  });
}
