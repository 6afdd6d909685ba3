import type { ExportSessionRecord, ExportTrialRow, ResultFilter } from '@cogni/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { testResults, testSessions, trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { toResultConditions } from '../results/result-filter';
import { compareRunOrder, STORED_TRIAL_COLUMNS, toStoredTrial } from '../results/to-trial';

/** Which results' trials to export: any part of an admin result filter (empty: all of them). */
/**
 * The run's columns of an export row: its ids, times and flags. A participant's run has no
 * user id (toResultConditions keeps such runs out of the research export; the study export
 * names the participant instead).
 */
export function toRunColumns(result: typeof testResults.$inferSelect) {
  return {
    userId: result.userId ?? '',
    resultId: result.id,
    sessionId: result.sessionId,
    testType: result.testType,
    resultStartTime: result.startTime.toISOString(),
    resultEndTime: result.endTime?.toISOString() ?? null,
    isMock: result.isMock,
    isPreview: result.isPreview,
    resultImplausibleReason: result.implausibleReason,
    resultAbandonedAt: result.abandonedAt?.toISOString() ?? null,
    resultScoringVersion: result.scoringVersion,
  };
}

export type TrialExportFilter = Partial<ResultFilter>;

/** Results read per batch: with 168 trials each, about 3,400 rows in memory at a time. Larger
 * batches are no faster and leave more garbage for the collector (bench/admin.ts). */
const RESULTS_PER_BATCH = 20;

function toSessionRecord(
  session: typeof testSessions.$inferSelect | null,
): ExportSessionRecord | null {
  if (!session) return null;
  return {
    seed: session.seed,
    deviceInfo: session.deviceInfo as ExportSessionRecord['deviceInfo'],
    measurement: session.measurement as ExportSessionRecord['measurement'],
  };
}

/**
 * Every trial of the results that match `filter`, as export rows in batches: results oldest
 * first, trials in run order, each with its result's session record. Keyset pagination, so
 * memory stays flat whatever the total and no connection is held between batches.
 */
export async function* iterateTrialRows(
  ctx: ServiceContext,
  filter: TrialExportFilter,
): AsyncGenerator<ExportTrialRow[]> {
  const conditions = toResultConditions(filter);
  // The cursor keeps start_time as text: PostgreSQL stores microseconds, a JS Date only ms.
  let after: { startTime: string; id: string } | undefined;
  for (;;) {
    const page = await ctx.db
      .select({
        result: testResults,
        session: testSessions,
        cursor: sql<string>`${testResults.startTime}::text`,
      })
      .from(testResults)
      .leftJoin(testSessions, eq(testSessions.id, testResults.sessionId))
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
      .select(STORED_TRIAL_COLUMNS)
      .from(trials)
      .where(
        inArray(
          trials.resultId,
          page.map((p) => p.result.id),
        ),
      );
    const position = new Map(page.map((p, index) => [p.result.id, index]));
    const pageIndex = (resultId: string) => position.get(resultId) ?? 0;
    const orders = page.map((p) => compareRunOrder(p.result.testType));
    trialRows.sort(
      (a, b) =>
        pageIndex(a.resultId) - pageIndex(b.resultId) ||
        (orders[pageIndex(a.resultId)] ?? compareRunOrder(''))(a, b),
    );
    const sessions = page.map((p) => toSessionRecord(p.session));
    const rows = trialRows.map((trial): ExportTrialRow => {
      const index = pageIndex(trial.resultId);
      const result = page[index]?.result ?? last.result;
      return {
        ...toRunColumns(result),
        session: sessions[index] ?? null,
        trial: toStoredTrial(trial),
      };
    });
    yield rows;
  }
}
