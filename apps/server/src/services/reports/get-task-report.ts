import type { AnyTask, TaskReportCell, TaskReportResponse } from '@cogni/domain';
import { and, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { testResults } from '../../db/schema';
import type { ServiceContext } from '../context';

type CellRow = {
  cell: string;
  participant_count: number;
  run_count: number;
  trial_count: number;
  rt_trial_count: number;
  error_trial_count: number;
  mean_rt_ms: number | null;
  error_rate_percent: number | null;
  trial_weighted_mean_rt_ms: number | null;
  trial_weighted_error_rate_percent: number | null;
};

/**
 * A task's aggregate report (ADR 029): the finished runs of the task, scored by its current
 * scoring version, each with its cells as that scoring computed them (`report_cells`: the same
 * exclusions as the run's own scores). Each cell's participant-weighted mean takes each run's
 * cell mean, averages it over each participant's runs, then over participants; its
 * trial-weighted mean gives every counted trial the same weight.
 *
 * Reads one row per run (not its trials), so the report's cost grows with runs, not trials.
 * Admin previews are always left out; mock results unless `includeMock`; runs judged
 * implausible unless `includeImplausible`. Unfinished and abandoned runs have no scores.
 */
export async function getTaskReport(
  ctx: ServiceContext,
  task: AnyTask,
  options: { includeMock: boolean; includeImplausible: boolean },
): Promise<TaskReportResponse> {
  const finished = [
    eq(testResults.testType, task.id),
    isNotNull(testResults.endTime),
    // Admin previews ran with a configuration of their own: never in the report (ADR 028).
    eq(testResults.isPreview, false),
    // A study participant's runs are the study's data (ADR 040).
    isNull(testResults.participantId),
    options.includeMock ? undefined : eq(testResults.isMock, false),
    options.includeImplausible ? undefined : isNull(testResults.implausibleReason),
  ];
  const where = and(...finished, eq(testResults.scoringVersion, task.scoringVersion)) as SQL;
  const [awaiting] = await ctx.db
    .select({ runs: count() })
    .from(testResults)
    .where(
      and(...finished, sql`${testResults.scoringVersion} is distinct from ${task.scoringVersion}`),
    );

  const result = await ctx.db.execute(sql`
    with runs as (
      select ${testResults.userId} as user_id, c.key as cell,
        (c.value->>'trialCount')::int as n,
        (c.value->>'rtTrialCount')::int as rt_n,
        (c.value->>'meanRtMs')::float8 as rt,
        (c.value->>'errorTrialCount')::int as err_n,
        (c.value->>'errorRatePercent')::float8 as err
      from ${testResults}, jsonb_each(${testResults.reportCells}) c
      where ${where}
    ), participants as (
      select cell, user_id, count(*) as runs, avg(rt) as rt, avg(err) as err, sum(n) as n,
        sum(rt_n) as rt_n, sum(rt * rt_n) as rt_sum, sum(err_n) as err_n,
        sum(err * err_n / 100) as wrong
      from runs group by cell, user_id
    )
    select cell,
      count(*)::int as participant_count,
      sum(runs)::int as run_count,
      coalesce(sum(n), 0)::int as trial_count,
      coalesce(sum(rt_n), 0)::int as rt_trial_count,
      coalesce(sum(err_n), 0)::int as error_trial_count,
      avg(rt)::float8 as mean_rt_ms,
      avg(err)::float8 as error_rate_percent,
      (sum(rt_sum) / nullif(sum(rt_n), 0))::float8 as trial_weighted_mean_rt_ms,
      (100 * sum(wrong) / nullif(sum(err_n), 0))::float8 as trial_weighted_error_rate_percent
    from participants group by cell`);
  const rows = (result as unknown as { rows: CellRow[] }).rows;
  const [totals] = await ctx.db
    .select({
      runs: count(),
      participants: sql<number>`count(distinct ${testResults.userId})::int`,
    })
    .from(testResults)
    .where(where);

  const cells = task.reportCells.map(({ key, label }): TaskReportCell => {
    const row = rows.find((r) => r.cell === key);
    return {
      cell: key,
      label,
      participantCount: row?.participant_count ?? 0,
      runCount: row?.run_count ?? 0,
      trialCount: row?.trial_count ?? 0,
      rtTrialCount: row?.rt_trial_count ?? 0,
      errorTrialCount: row?.error_trial_count ?? 0,
      meanRtMs: row?.mean_rt_ms ?? null,
      errorRatePercent: row?.error_rate_percent ?? null,
      trialWeightedMeanRtMs: row?.trial_weighted_mean_rt_ms ?? null,
      trialWeightedErrorRatePercent: row?.trial_weighted_error_rate_percent ?? null,
    };
  });
  return {
    testType: task.id,
    includeMock: options.includeMock,
    includeImplausible: options.includeImplausible,
    scoringVersion: task.scoringVersion,
    runCount: totals?.runs ?? 0,
    participantCount: totals?.participants ?? 0,
    runsAwaitingRescore: awaiting?.runs ?? 0,
    totalTrials: cells.reduce((sum, c) => sum + c.trialCount, 0),
    cells,
  };
}
