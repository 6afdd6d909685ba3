import { randomBytes } from 'node:crypto';
import { type AnyTask, MESSAGES } from '@cogni/domain';
import { AppError } from '../../lib/app-error';
import { describeFailure } from '../../lib/describe-failure';
import type { Logger } from '../../lib/logger';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { ServiceContext } from '../context';
import { writeErrorLog } from '../error-logs/write-error-log';
import { insertFinishedRun } from '../results/insert-finished-run';

/** deviceInfo of a generated session: no browser took part. */
const MOCK_DEVICE_INFO = {
  type: 'unknown',
  userAgent: 'Cogni mock-data generator',
  screenWidth: 0,
  screenHeight: 0,
} as const;

/**
 * The admin mock-data generator (docs/product.md#mock-data): a complete run of `task` with every
 * trial (the task's simulated participant, at its default settings), ending now, scored like a real
 * one and marked isMock, owned by the admin who asked. Any failure is written to errorLogs as
 * MOCK_DATA_GENERATION_ERROR and answered with the catalogue's message (docs/product.md#messages);
 * nothing is half-written, since run and audit record share one transaction.
 */
export async function generateMockData(
  ctx: ServiceContext & { logger: Logger },
  adminId: string,
  task: AnyTask,
): Promise<string> {
  const seed = randomBytes(16).toString('hex');
  try {
    const config = task.settings.defaults;
    const run = task.simulate(seed, config, ctx.now().getTime());
    return await ctx.db.transaction(async (tx) => {
      const resultId = await insertFinishedRun(
        { db: tx },
        {
          task,
          userId: adminId,
          seed,
          config,
          startTime: new Date(run.startTime),
          endTime: new Date(run.endTime),
          deviceInfo: MOCK_DEVICE_INFO,
          measurement: {},
          isMock: true,
          trials: run.trials,
        },
      );
      await writeAuditEntry(
        { db: tx, now: ctx.now },
        {
          actorId: adminId,
          action: 'MOCK_DATA_GENERATE',
          details: { resultId, seed, testType: task.id },
        },
      );
      return resultId;
    });
  } catch (error) {
    ctx.logger.error({ err: error }, 'mock data generation failed');
    await writeErrorLog(ctx, {
      errorType: 'MOCK_DATA_GENERATION_ERROR',
      errorMessage: describeFailure(error),
      userId: adminId,
      context: { seed, testType: task.id },
    }).catch((logError: unknown) =>
      ctx.logger.error({ err: logError }, 'could not write the error log'),
    );
    throw new AppError('INTERNAL', MESSAGES.mockDataFailed);
  }
}
