import type { ExportTrialRow, TestType, TrialTiming } from '@cogni/domain';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { testResults, trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { compareRunOrder, toResultTrial } from '../results/to-trial';

export type TrialExportFilter = {
  userId?: string;
  testType?: TestType;
};

/** Results read per batch: with 168 trials each, about 8,000 rows in memory at a time. */
const RESULTS_PER_BATCH = 50;

/**
 * Every trial of the results that match `filter`, as export rows in batches: results oldest
 * first, trials in run order. Keyset pagination, so memory stays flat whatever the total and no
 * connection is held between batches.
 */
export async function* iterateTrialRows(
  ctx: ServiceContext,
  filter: TrialExportFilter,
): AsyncGenerator<ExportTrialRow[]> {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(testResults.userId, filter.userId));
  if (filter.testType) conditions.push(eq(testResults.testType, filter.testType));
  // The cursor keeps start_time as text: PostgreSQL stores microseconds, a JS Date only ms.
  let after: { startTime: string; id: string } | undefined;
  for (;;) {
    const page = await ctx.db
      .select({
        result: testResults,
        cursor: sql<string>`${testResults.startTime}::text`,
      })
      .from(testResults)
      .where(
        and(
          ...conditions,
          after &&
            sql`(${testResults.startTime}, ${testResults.id}) > (${after.startTime}::timestamptz, ${after.id})`,
        ),
      )
      .orderBy(asc(testResults.startTime), asc(testResults.id))
      .limit(RESULTS_PER_BATCH);
    const last = page.at(-1);
    if (!last) return;
    after = { startTime: last.cursor, id: last.result.id };

    const trialRows = await ctx.db
      .select()
      .from(trials)
      .where(
        inArray(
          trials.resultId,
          page.map((p) => p.result.id),
        ),
      );
    const position = new Map(page.map((p, index) => [p.result.id, index]));
    const pageIndex = (resultId: string) => position.get(resultId) ?? 0;
    trialRows.sort(
      (a, b) => pageIndex(a.resultId) - pageIndex(b.resultId) || compareRunOrder(a, b),
    );
    const rows = trialRows.map((trial): ExportTrialRow => {
      const result = page[pageIndex(trial.resultId)]?.result ?? last.result;
      return {
        userId: result.userId,
        resultId: result.id,
        sessionId: result.sessionId,
        testType: result.testType,
        resultStartTime: result.startTime.toISOString(),
        resultEndTime: result.endTime?.toISOString() ?? null,
        isMock: result.isMock,
        trial: {
          ...toResultTrial(trial),
          startTime: trial.startTime?.toISOString() ?? null,
          endTime: trial.endTime?.toISOString() ?? null,
          timing: trial.timing as Partial<TrialTiming> | null,
        },
      };
    });
    yield rows;
  }
}
