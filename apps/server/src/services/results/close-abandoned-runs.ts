import { type SQL, sql } from 'drizzle-orm';
import { testResults, trials } from '../../db/schema';
import type { ServiceContext } from '../context';

/** How long a run may stay unfinished before it is closed as abandoned: a day. */
export const ABANDON_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The condition of runs to close at `now`: unfinished, not closed yet, started more than
 * ABANDON_AFTER_MS ago, and no trial of theirs arrived in that time either. Nobody takes the 168
 * trials over a day, so their owner has left them; a browser still sending the trials it kept
 * offline keeps its run open.
 */
export function isAbandonable(now: Date): SQL {
  const cutoff = sql`${new Date(now.getTime() - ABANDON_AFTER_MS).toISOString()}::timestamptz`;
  return sql`(${testResults.endTime} is null and ${testResults.abandonedAt} is null
    and ${testResults.startTime} < ${cutoff}
    and not exists (select 1 from ${trials}
      where ${trials.resultId} = ${testResults.id} and ${trials.createdAt} >= ${cutoff}))`;
}

/**
 * Closes every user's runs left unfinished for more than a day: marks them abandoned (kept, with
 * their trials), so they take no more trials, are never resumed and stay out of reports, progress
 * and exports. For a periodic maintenance job; answers how many it closed.
 */
export async function closeAbandonedRuns(ctx: ServiceContext): Promise<number> {
  const now = ctx.now();
  const closed = await ctx.db
    .update(testResults)
    .set({ abandonedAt: now })
    .where(isAbandonable(now))
    .returning({ id: testResults.id });
  return closed.length;
}
