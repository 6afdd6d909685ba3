import { type AdminResultTrialsResponse, findTask } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { testResults, testSessions, trials, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { RESULT_NOT_FOUND } from '../../lib/parse-id';
import type { ServiceContext } from '../context';
import { ADMIN_RESULT_COLUMNS, RESULT_OWNER, toAdminResult } from './to-admin-result';
import { readConfig } from './to-run';
import { compareRunOrder, STORED_TRIAL_COLUMNS, toStoredTrial } from './to-trial';

type SessionRow = typeof testSessions.$inferSelect;

/** The settings a run used, as its task reads them (defaults filled in); null without a session. */
function toRunConfig(testType: string, session: SessionRow | null): Record<string, unknown> | null {
  if (!session) return null;
  const task = findTask(testType);
  const config = task ? readConfig(task, session) : session.config;
  return config && typeof config === 'object' ? (config as Record<string, unknown>) : null;
}

/**
 * Any user's result with its scores, the settings it ran with (an admin preview's own, ADR 028)
 * and every trial in run order (admin only).
 */
export async function getResultTrials(
  ctx: ServiceContext,
  resultId: string,
): Promise<AdminResultTrialsResponse> {
  const [row] = await ctx.db
    .select({ ...ADMIN_RESULT_COLUMNS, session: testSessions })
    .from(testResults)
    .innerJoin(users, RESULT_OWNER)
    .leftJoin(testSessions, eq(testSessions.id, testResults.sessionId))
    .where(eq(testResults.id, resultId));
  if (!row) throw new AppError('NOT_FOUND', RESULT_NOT_FOUND);
  const trialRows = await ctx.db
    .select(STORED_TRIAL_COLUMNS)
    .from(trials)
    .where(eq(trials.resultId, resultId));
  return {
    result: toAdminResult(row),
    config: toRunConfig(row.result.testType, row.session),
    trials: trialRows.sort(compareRunOrder(row.result.testType)).map(toStoredTrial),
  };
}
