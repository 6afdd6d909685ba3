import type { AdminResult, TestType } from '@cogni/domain';
import { eq, sql } from 'drizzle-orm';
import { testResults, trials, users } from '../../db/schema';
import { toSummary } from './to-run';

/** The columns of an admin result row: the result, its user, and how many trials it has. */
export const ADMIN_RESULT_COLUMNS = {
  result: testResults,
  userEmail: users.email,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  // Correlated count, one index range per listed result, never all trials.
  trialCount: sql<number>`(select count(*)::int from ${trials} where ${trials.resultId} = ${testResults.id})`,
};

/** Join condition of ADMIN_RESULT_COLUMNS: the result's owner. */
export const RESULT_OWNER = eq(users.id, testResults.userId);

type AdminResultRow = {
  result: typeof testResults.$inferSelect;
  userEmail: string;
  userFirstName: string;
  userLastName: string;
  trialCount: number;
};

/** A result of any user as Test Results lists it; scores are the stored ones. */
export function toAdminResult(row: AdminResultRow): AdminResult {
  const { result } = row;
  return {
    id: result.id,
    // toResultConditions keeps a participant's runs out of every admin list.
    userId: result.userId ?? '',
    userEmail: row.userEmail,
    userFirstName: row.userFirstName,
    userLastName: row.userLastName,
    sessionId: result.sessionId,
    testType: result.testType as TestType,
    startTime: result.startTime.toISOString(),
    endTime: result.endTime?.toISOString() ?? null,
    isMock: result.isMock,
    isPreview: result.isPreview,
    implausibleReason: result.implausibleReason,
    abandonedAt: result.abandonedAt?.toISOString() ?? null,
    trialCount: row.trialCount,
    scores: toSummary(result),
  };
}
