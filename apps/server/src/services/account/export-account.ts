import type { AdminTrial, AdminUser, RunSummary, TestType } from '@cogni/domain';
import { asc, eq } from 'drizzle-orm';
import { testResults, testSessions, trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { toSummary } from '../results/to-run';
import { compareRunOrder, STORED_TRIAL_COLUMNS, toStoredTrial } from '../results/to-trial';
import { getAdminUser } from '../users/get-admin-user';

/** GET /api/me/account-export: everything stored about the caller, in one document. */
export type AccountExport = {
  exportedAt: string;
  account: AdminUser;
  results: {
    id: string;
    sessionId: string | null;
    testType: TestType;
    startTime: string;
    /** Null while the run is unfinished. */
    endTime: string | null;
    isMock: boolean;
    /** An admin preview, started with a custom configuration (ADR 028). */
    isPreview: boolean;
    summary: RunSummary | null;
    session: {
      seed: string | null;
      config: unknown;
      deviceInfo: unknown;
      measurement: unknown;
    } | null;
    trials: AdminTrial[];
  }[];
};

/**
 * The caller's own data for them to take away (ASVS 14.2.x data portability): account and
 * profile, every result (finished or not, admin previews included and marked) with its scores,
 * test session record and trials. Built in memory: one person's data is at most a few megabytes.
 */
export async function exportAccount(ctx: ServiceContext, userId: string): Promise<AccountExport> {
  const account = await getAdminUser(ctx, userId);
  const rows = await ctx.db
    .select({ result: testResults, session: testSessions })
    .from(testResults)
    .leftJoin(testSessions, eq(testSessions.id, testResults.sessionId))
    .where(eq(testResults.userId, userId))
    .orderBy(asc(testResults.startTime), asc(testResults.id));
  const trialRows =
    rows.length === 0
      ? []
      : await ctx.db
          .select(STORED_TRIAL_COLUMNS)
          .from(trials)
          .innerJoin(testResults, eq(testResults.id, trials.resultId))
          .where(eq(testResults.userId, userId));
  const byResult = new Map<string, (typeof trialRows)[number][]>();
  for (const row of trialRows) {
    const list = byResult.get(row.resultId) ?? [];
    list.push(row);
    byResult.set(row.resultId, list);
  }
  return {
    exportedAt: ctx.now().toISOString(),
    account,
    results: rows.map(({ result, session }) => ({
      id: result.id,
      sessionId: result.sessionId,
      testType: result.testType as TestType,
      startTime: result.startTime.toISOString(),
      endTime: result.endTime?.toISOString() ?? null,
      isMock: result.isMock,
      isPreview: result.isPreview,
      summary: toSummary(result),
      session: session
        ? {
            seed: session.seed,
            config: session.config,
            deviceInfo: session.deviceInfo,
            measurement: session.measurement,
          }
        : null,
      trials: (byResult.get(result.id) ?? [])
        .sort(compareRunOrder(result.testType))
        .map(toStoredTrial),
    })),
  };
}
