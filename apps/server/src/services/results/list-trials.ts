import type { AdminTrial } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { getOwnedRun } from './to-run';
import { compareRunOrder, STORED_TRIAL_COLUMNS, toStoredTrial } from './to-trial';

/** Every stored trial of the user's own result, in run order. */
export async function listTrials(
  ctx: ServiceContext,
  ownerId: string,
  resultId: string,
): Promise<AdminTrial[]> {
  const owned = await getOwnedRun(ctx, ownerId, resultId);
  const rows = await ctx.db
    .select(STORED_TRIAL_COLUMNS)
    .from(trials)
    .where(eq(trials.resultId, resultId));
  return rows.sort(compareRunOrder(owned.task)).map(toStoredTrial);
}
