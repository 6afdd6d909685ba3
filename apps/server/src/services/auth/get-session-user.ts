import type { User } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { authSessions, users } from '../../db/schema';
import { hashSessionToken } from '../../lib/tokens';
import type { ServiceContext } from '../context';
import { toUser } from '../users/to-user';
import { SESSION_IDLE_TIMEOUT_MS, SESSION_TOUCH_INTERVAL_MS } from './session-policy';

export type SessionUser = { sessionId: string; user: User };

/**
 * The user behind a session token, read fresh on every request so role changes and
 * deactivation apply at once. Expired sessions and sessions of inactive users are deleted.
 */
export async function getSessionUser(
  ctx: ServiceContext,
  token: string,
): Promise<SessionUser | null> {
  const sessionId = hashSessionToken(token);
  const [row] = await ctx.db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, sessionId));
  if (!row) return null;

  const now = ctx.now().getTime();
  const isExpired =
    row.session.expiresAt.getTime() <= now ||
    row.session.lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS <= now;
  if (isExpired || !row.user.isActive) {
    await ctx.db.delete(authSessions).where(eq(authSessions.id, sessionId));
    return null;
  }
  if (row.session.lastSeenAt.getTime() + SESSION_TOUCH_INTERVAL_MS <= now) {
    await ctx.db
      .update(authSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(authSessions.id, sessionId));
  }
  return { sessionId, user: toUser(row.user) };
}
