import type { Trial } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { getOwnedRun } from './to-run';
import { compareRunOrder, toTrial } from './to-trial';

/** Every stored trial of the user's own result, in run order. */
export async function listTrials(
  ctx: ServiceContext,
  userId: string,
  resultId: string,
): Promise<Trial[]> {
  await getOwnedRun(ctx, userId, resultId);
  const rows = await ctx.db.select().from(trials).where(eq(trials.resultId, resultId));
  return rows.sort(compareRunOrder).map(toTrial);
}
