import type { AnyTask, DeviceInfo, TrialEnvelope } from '@cogni/domain';
import { testResults, testSessions, trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { recordScore, toSummaryColumns } from './summary-columns';

export type FinishedRunInput = {
  task: AnyTask;
  userId: string;
  seed: string;
  config: unknown;
  startTime: Date;
  endTime: Date;
  deviceInfo: DeviceInfo;
  measurement: Record<string, unknown>;
  /** Written by the mock-data generator (D19) rather than by a person taking the test. */
  isMock: boolean;
  /** Every trial, in run order; a simulated trial has no timing record (nothing was measured). */
  trials: readonly (Omit<TrialEnvelope, 'timing'> & { timing: TrialEnvelope['timing'] | null })[];
};

/**
 * Writes a whole finished run of any task at once (session, scored result and every trial) in
 * one transaction: for generated runs (the admin mock-data generator, seeded tests and
 * benchmarks), which do not arrive one trial at a time. Scores come from the trials, as for real
 * runs (D15).
 */
export async function insertFinishedRun(
  ctx: Pick<ServiceContext, 'db'>,
  input: FinishedRunInput,
): Promise<string> {
  const { task } = input;
  const stored = input.trials.map((trial) => ({
    ...trial,
    block: trial.block ?? 0,
    inputModality: trial.inputModality ?? 'keyboard',
    flags: [],
  }));
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
        stored.map((trial) => ({
          resultId: result.id,
          phase: trial.phase,
          block: trial.block,
          trialNumber: trial.trialNumber,
          response: trial.response,
          reactionTime: trial.reactionTime,
          isCorrect: trial.isCorrect,
          inputModality: trial.inputModality,
          reportCell: task.reportCell(trial),
          fields: task.fieldsOf(trial),
          startTime: new Date(trial.startTime),
          endTime: trial.endTime === null ? null : new Date(trial.endTime),
          timing: trial.timing,
        })),
      );
    }
    await recordScore(tx, task, result.id, score);
    return result.id;
  });
}
