import type { AnyTask, TaskReportCell, TaskReportResponse } from '@cogni/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { testResults, trials } from '../../db/schema';
import type { ServiceContext } from '../context';

/**
 * A task's aggregate report (D18): every stored trial of the task's scored phase, of all users
 * (finished runs or not), falls in the cell the task gave it when it was saved
 * (trials.report_cell, from the task's reportCell), and the task lists the cells in order.
 * Each cell has its trial count, the mean RT of its correct trials and its error rate.
 *
 * One GROUP BY in the database, no trial loaded into the server. It reads only
 * trials_report_idx (an index-only scan, already in group order), keeping the trials of the
 * task's included runs: a hashed semi-join on their ids, which the index also holds. Admin
 * previews are always left out; mock results unless `includeMock`; runs judged implausible and
 * runs closed as abandoned unless `includeImplausible`.
 */
export async function getTaskReport(
  ctx: ServiceContext,
  task: AnyTask,
  options: { includeMock: boolean; includeImplausible: boolean },
): Promise<TaskReportResponse> {
  const includedResultIds = ctx.db
    .select({ id: testResults.id })
    .from(testResults)
    .where(
      and(
        eq(testResults.testType, task.id),
        // Admin previews ran with a configuration of their own: never in the report (ADR 028).
        eq(testResults.isPreview, false),
        options.includeMock ? undefined : eq(testResults.isMock, false),
        options.includeImplausible ? undefined : isNull(testResults.implausibleReason),
        options.includeImplausible ? undefined : isNull(testResults.abandonedAt),
      ),
    );
  const rows = await ctx.db
    .select({
      cell: trials.reportCell,
      trialCount: sql<number>`count(*)::int`,
      meanRtMs: sql<number | null>`avg(${trials.reactionTime}) filter (where ${trials.isCorrect})`,
      errorRatePercent: sql<number>`(100.0 * count(*) filter (where not ${trials.isCorrect}) / count(*))::float8`,
    })
    .from(trials)
    .where(and(eq(trials.phase, task.scoredPhase), inArray(trials.resultId, includedResultIds)))
    .groupBy(trials.reportCell);

  const cells = task.reportCells.map(({ key, label }): TaskReportCell => {
    const row = rows.find((r) => r.cell === key);
    return {
      cell: key,
      label,
      trialCount: row?.trialCount ?? 0,
      meanRtMs: row?.meanRtMs ?? null,
      errorRatePercent: row ? row.errorRatePercent : null,
    };
  });
  return {
    testType: task.id,
    includeMock: options.includeMock,
    includeImplausible: options.includeImplausible,
    totalTrials: cells.reduce((sum, c) => sum + c.trialCount, 0),
    cells,
  };
}
