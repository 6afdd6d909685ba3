import { ADMIN_ERROR_LOG_LIMIT, type AdminErrorLog } from '@cogni/domain';
import { desc, eq } from 'drizzle-orm';
import { errorLogs, users } from '../../db/schema';
import type { ServiceContext } from '../context';

/** The newest error-log entries (spec section 9: 100), newest first, with their user's email. */
export async function listErrorLogs(ctx: ServiceContext): Promise<AdminErrorLog[]> {
  const rows = await ctx.db
    .select({ log: errorLogs, userEmail: users.email })
    .from(errorLogs)
    .leftJoin(users, eq(users.id, errorLogs.userId))
    .orderBy(desc(errorLogs.timestamp), desc(errorLogs.id))
    .limit(ADMIN_ERROR_LOG_LIMIT);
  return rows.map(({ log, userEmail }) => ({
    id: log.id,
    errorType: log.errorType,
    errorMessage: log.errorMessage,
    userId: log.userId,
    userEmail,
    timestamp: log.timestamp.toISOString(),
    context: log.context as Record<string, unknown>,
  }));
}
