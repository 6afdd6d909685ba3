import { asc, desc, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { errorLogs } from '../../db/schema';
import { DELETE_BATCH_ROWS, deleteInBatches } from '../../lib/delete-in-batches';
import type { ServiceContext } from '../context';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ErrorLogRetention = { maxRows: number; maxAgeDays: number };

/** Deletes the entries matching `where`, the least recently seen first, in short statements. */
function deleteWhere(ctx: ServiceContext, where: SQL): Promise<number> {
  return deleteInBatches(async () => {
    const batch = ctx.db
      .select({ id: errorLogs.id })
      .from(errorLogs)
      .where(where)
      .orderBy(asc(errorLogs.lastSeenAt), asc(errorLogs.id))
      .limit(DELETE_BATCH_ROWS);
    const rows = await ctx.db
      .delete(errorLogs)
      .where(inArray(errorLogs.id, batch))
      .returning({ id: errorLogs.id });
    return rows.length;
  });
}

/**
 * Keeps the error log within its retention: entries not seen for `maxAgeDays` go, and past the
 * `maxRows` most recently seen, the rest go too. Returns how many entries it deleted.
 */
export async function pruneErrorLogs(
  ctx: ServiceContext,
  retention: ErrorLogRetention,
): Promise<number> {
  const oldest = new Date(ctx.now().getTime() - retention.maxAgeDays * DAY_MS);
  const expired = await deleteWhere(ctx, lt(errorLogs.lastSeenAt, oldest));
  // The newest entry past the limit: it and every entry seen before it go. Its time is read as
  // text, so the comparison keeps the database's microseconds.
  const [cutoff] = await ctx.db
    .select({ lastSeenAt: sql<string>`${errorLogs.lastSeenAt}::text`, id: errorLogs.id })
    .from(errorLogs)
    .orderBy(desc(errorLogs.lastSeenAt), desc(errorLogs.id))
    .offset(retention.maxRows)
    .limit(1);
  if (!cutoff) return expired;
  const beyondLimit = sql`(${errorLogs.lastSeenAt}, ${errorLogs.id}) <= (${cutoff.lastSeenAt}::timestamptz, ${cutoff.id})`;
  return expired + (await deleteWhere(ctx, beyondLimit));
}
