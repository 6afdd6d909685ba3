import { REPORT_CELLS, type StroopReportCell, type StroopReportResponse } from '@cogni/domain';
import { and, eq, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { testResults, trials } from '../../db/schema';
import type { ServiceContext } from '../context';

/**
 * The aggregate Stroop report of D18, as written there: every stored test-phase trial of all
 * users (finished runs or not) falls in one of four cells by its isSwitch flag and its cue
 * ('switch, word', 'noswitch, word', 'switch, color', 'noswitch, color'). Trial 0 of a phase
 * is not a switch (D10), so it counts as 'noswitch'. Each cell has its trial count, the mean RT
 * of its correct trials and its error rate. (A run's own D16 cells differ: they also leave out
 * trial 0 and the first trial after a rest break.)
 *
 * One GROUP BY in the database, no trial loaded into the server. It reads only
 * trials_report_idx (an index-only scan, already in group order); leaving out mock results, runs
 * judged implausible and runs closed as abandoned is a hashed NOT IN over their ids, which the
 * index also holds. Implausible and abandoned runs are left out unless `includeImplausible`.
 */
export async function getStroopReport(
  ctx: ServiceContext,
  options: { includeMock: boolean; includeImplausible: boolean },
): Promise<StroopReportResponse> {
  const leftOut = [
    options.includeMock ? undefined : eq(testResults.isMock, true),
    options.includeImplausible ? undefined : isNotNull(testResults.implausibleReason),
    options.includeImplausible ? undefined : isNotNull(testResults.abandonedAt),
  ].filter((condition) => condition !== undefined);
  const leftOutResultIds = ctx.db
    .select({ id: testResults.id })
    .from(testResults)
    .where(or(...leftOut));
  const rows = await ctx.db
    .select({
      isSwitch: trials.isSwitch,
      cueWord: trials.cueWord,
      trialCount: sql<number>`count(*)::int`,
      meanRtMs: sql<number | null>`avg(${trials.reactionTime}) filter (where ${trials.isCorrect})`,
      errorRatePercent: sql<number>`(100.0 * count(*) filter (where not ${trials.isCorrect}) / count(*))::float8`,
    })
    .from(trials)
    .where(
      and(
        eq(trials.phase, 'test'),
        leftOut.length === 0 ? undefined : notInArray(trials.resultId, leftOutResultIds),
      ),
    )
    .groupBy(trials.isSwitch, trials.cueWord);

  const cells = REPORT_CELLS.map((cell): StroopReportCell => {
    const isSwitch = cell.startsWith('switch');
    const cue = cell.endsWith('word') ? 'Word' : 'Color';
    const row = rows.find((r) => r.isSwitch === isSwitch && r.cueWord === cue);
    return {
      cell,
      isSwitch,
      cue,
      trialCount: row?.trialCount ?? 0,
      meanRtMs: row?.meanRtMs ?? null,
      errorRatePercent: row ? row.errorRatePercent : null,
    };
  });
  return {
    includeMock: options.includeMock,
    includeImplausible: options.includeImplausible,
    totalTrials: cells.reduce((sum, c) => sum + c.trialCount, 0),
    cells,
  };
}
