import type { Config } from '../../env';
import type { Logger } from '../../lib/logger';
import type { ServiceContext } from '../context';
import { pruneErrorLogs } from '../error-logs/prune-error-logs';
import { markAbandonedParticipants } from '../participation/mark-abandoned';
import { pruneRateLimits } from '../rate-limit/prune-rate-limits';
import { closeAbandonedRuns } from '../results/close-abandoned-runs';
import { rescoreStoredRuns } from '../results/rescore';
import { sweepExportJobs } from '../studies/export-jobs';

export type MaintenanceContext = ServiceContext & { config: Config; logger: Logger };

/** What one pass of maintenance removed. */
export type MaintenanceReport = {
  errorLogsDeleted: number;
  rateLimitsDeleted: number;
  runsAbandoned: number;
  /** Study participants not seen for a day, marked abandoned. */
  participantsAbandoned: number;
  /** Finished runs rescored under their task's current scoring version. */
  runsRescored: number;
  /** Study export jobs a stopped server left, marked failed. */
  exportJobsFailed: number;
  /** Study export jobs a day after they finished, deleted with their files. */
  exportJobsExpired: number;
};

/**
 * One pass of the housekeeping no request does: the error log kept within its retention
 * (ERROR_LOG_MAX_ROWS, ERROR_LOG_MAX_AGE_DAYS), brute-force counters of long-ended windows
 * deleted, runs left unfinished for more than a day closed as abandoned (and study participants
 * not seen for a day marked so), finished runs scored by an older scoring version rescored
 * (ADR 029), and study export jobs swept: those a stopped server left marked failed, those a
 * day old deleted with their files (ADR 041). Each step runs in short statements or small
 * batches, so requests are not held up behind it.
 */
export async function runMaintenance(ctx: MaintenanceContext): Promise<MaintenanceReport> {
  const errorLogsDeleted = await pruneErrorLogs(ctx, {
    maxRows: ctx.config.ERROR_LOG_MAX_ROWS,
    maxAgeDays: ctx.config.ERROR_LOG_MAX_AGE_DAYS,
  });
  const rateLimitsDeleted = await pruneRateLimits(ctx);
  const runsAbandoned = await closeAbandonedRuns(ctx);
  const participantsAbandoned = await markAbandonedParticipants(ctx);
  const runsRescored = await rescoreStoredRuns(ctx);
  const exportJobs = await sweepExportJobs(ctx);
  return {
    errorLogsDeleted,
    rateLimitsDeleted,
    runsAbandoned,
    participantsAbandoned,
    runsRescored,
    exportJobsFailed: exportJobs.failed,
    exportJobsExpired: exportJobs.expired,
  };
}

/** Time between two passes. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;
/** The first pass waits this long after start, so it does not slow the server's first requests. */
const FIRST_PASS_DELAY_MS = 5_000;

/**
 * Runs maintenance shortly after start and then every MAINTENANCE_INTERVAL_MS, one pass at a
 * time; a failed pass is logged and the next one runs as planned. `stop()` cancels the next pass
 * and waits for one that is running, so the database can be closed after it.
 */
export function startMaintenance(
  ctx: MaintenanceContext,
  intervalMs = MAINTENANCE_INTERVAL_MS,
): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  const pass = async () => {
    try {
      const report = await runMaintenance(ctx);
      if (Object.values(report).some((count) => count > 0)) {
        ctx.logger.info(report, 'maintenance done');
      }
    } catch (error) {
      ctx.logger.error({ err: error }, 'maintenance failed; it runs again later');
    }
  };
  const schedule = (delayMs: number) => {
    if (isStopped) return;
    timer = setTimeout(() => {
      running = pass().finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
    }, delayMs);
    timer.unref();
  };
  schedule(FIRST_PASS_DELAY_MS);
  return {
    stop: async () => {
      isStopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
