import type { AdminResultTrialsResponse } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { testResults, trials, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { ADMIN_RESULT_COLUMNS, RESULT_OWNER, toAdminResult } from './to-admin-result';
import { compareRunOrder, STORED_TRIAL_COLUMNS, toStoredTrial } from './to-trial';

/** Any user's result with its scores and every trial in run order (admin only). */
export async function getResultTrials(
  ctx: ServiceContext,
  resultId: string,
): Promise<AdminResultTrialsResponse> {
  const [row] = await ctx.db
    .select(ADMIN_RESULT_COLUMNS)
    .from(testResults)
    .innerJoin(users, RESULT_OWNER)
    .where(eq(testResults.id, resultId));
  if (!row) throw new AppError('NOT_FOUND', 'Result not found');
  const trialRows = await ctx.db
    .select(STORED_TRIAL_COLUMNS)
    .from(trials)
    .where(eq(trials.resultId, resultId));
  return {
    result: toAdminResult(row),
    trials: trialRows.sort(compareRunOrder(row.result.testType)).map(toStoredTrial),
  };
}
