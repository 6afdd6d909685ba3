import {
  type DeviceInfo,
  type StroopConfig,
  scoreStroop,
  type Trial,
  type TrialTiming,
} from '@cogni/domain';
import { testResults, testSessions, trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { toSummaryColumns } from './summary-columns';

export type FinishedRunInput = {
  userId: string;
  seed: string;
  config: StroopConfig;
  startTime: Date;
  endTime: Date;
  deviceInfo: DeviceInfo;
  measurement: Record<string, unknown>;
  /** Written by the mock-data generator (D19) rather than by a person taking the test. */
  isMock: boolean;
  trials: readonly (Omit<Trial, 'timing'> & { timing: TrialTiming | null })[];
};

/**
 * Writes a whole finished Stroop run at once (session, scored result and every trial) in one
 * transaction: for generated runs (the admin mock-data generator, seeded tests and benchmarks),
 * which do not arrive one trial at a time. Scores come from the trials, as for real runs (D15).
 */
export async function insertFinishedRun(
  ctx: Pick<ServiceContext, 'db'>,
  input: FinishedRunInput,
): Promise<string> {
  const summary = scoreStroop(input.config, input.trials);
  return ctx.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(testSessions)
      .values({
        userId: input.userId,
        testType: 'stroopTest',
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
        testType: 'stroopTest',
        startTime: input.startTime,
        endTime: input.endTime,
        isMock: input.isMock,
        ...toSummaryColumns(summary),
      })
      .returning({ id: testResults.id });
    if (!result) throw new Error('result insert returned nothing');
    if (input.trials.length > 0) {
      await tx.insert(trials).values(
        input.trials.map((trial) => ({
          resultId: result.id,
          phase: trial.phase,
          trialNumber: trial.trialNumber,
          cueWord: trial.cueWord,
          stimulusWord: trial.stimulusWord,
          stimulusColor: trial.stimulusColor,
          response: trial.response,
          reactionTime: trial.reactionTime,
          isCorrect: trial.isCorrect,
          isSwitch: trial.isSwitch,
          isCongruent: trial.isCongruent,
          startTime: new Date(trial.startTime),
          endTime: new Date(trial.endTime),
          timing: trial.timing,
        })),
      );
    }
    return result.id;
  });
}
