import { lt } from 'drizzle-orm';
import { rateLimits } from '../../db/schema';
import type { ServiceContext } from '../context';

/** Longer than every limit's window, so no counter that still counts is deleted. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes counters whose window ended long ago: every failed login with a new email or from a
 * new address adds one, and nothing else removes them. Returns how many it deleted.
 */
export async function pruneRateLimits(ctx: ServiceContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - KEEP_MS);
  const rows = await ctx.db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, before))
    .returning({ key: rateLimits.key });
  return rows.length;
}
