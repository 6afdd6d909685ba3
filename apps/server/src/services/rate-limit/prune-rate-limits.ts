import { inArray, lt } from 'drizzle-orm';
import { rateLimits } from '../../db/schema';
import { DELETE_BATCH_ROWS, deleteInBatches } from '../../lib/delete-in-batches';
import type { ServiceContext } from '../context';

/** Longer than every limit's window, so no counter that still counts is deleted. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes counters whose window ended long ago: every failed login with a new email or from a
 * new address adds one, and nothing else removes them. Deletes in short statements; returns how
 * many it deleted.
 */
export function pruneRateLimits(ctx: ServiceContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - KEEP_MS);
  return deleteInBatches(async () => {
    const batch = ctx.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(lt(rateLimits.windowStart, before))
      .limit(DELETE_BATCH_ROWS);
    const rows = await ctx.db
      .delete(rateLimits)
      .where(inArray(rateLimits.key, batch))
      .returning({ key: rateLimits.key });
    return rows.length;
  });
}
