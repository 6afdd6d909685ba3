import type { AdminErrorLogListResponse, ErrorLogListQuery } from '@cogni/domain';
import { desc, eq, sql } from 'drizzle-orm';
import { errorLogs, users } from '../../db/schema';
import type { ServiceContext } from '../context';

/**
 * One page of the error log, the most recently seen first, with each entry's user's email and
 * how many entries there are in all. Entries are bounded in size when written
 * (write-error-log.ts), so a page of at most ADMIN_ERROR_LOG_LIMIT stays well under a megabyte.
 */
export async function listErrorLogs(
  ctx: ServiceContext,
  query: ErrorLogListQuery,
): Promise<AdminErrorLogListResponse> {
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ log: errorLogs, userEmail: users.email })
      .from(errorLogs)
      .leftJoin(users, eq(users.id, errorLogs.userId))
      .orderBy(desc(errorLogs.lastSeenAt), desc(errorLogs.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(errorLogs),
  ]);
  return {
    errorLogs: rows.map(({ log, userEmail }) => ({
      id: log.id,
      errorType: log.errorType,
      errorMessage: log.errorMessage,
      userId: log.userId,
      userEmail,
      timestamp: log.timestamp.toISOString(),
      lastSeenAt: log.lastSeenAt.toISOString(),
      count: log.count,
      context: log.context as Record<string, unknown>,
    })),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
