import type { User } from '@cogni/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { hashSessionToken } from '../../lib/tokens';
import type { ServiceContext } from '../context';
import { toUser } from '../users/to-user';
import { SESSION_IDLE_TIMEOUT_MS, SESSION_TOUCH_INTERVAL_MS } from './session-policy';

export type SessionUser = { sessionId: string; user: User };

function prepareSessionQuery(db: Db) {
  return db
    .select({ session: authSessions, user: users })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(eq(authSessions.id, sql.placeholder('sessionId')))
    .prepare('session_user');
}

/**
 * Every request reads its session, so the query is built once per database and prepared:
 * building it (Drizzle walks both tables' columns) and sending its text cost more of the
 * server's CPU than anything else in a trial save (bench:load).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof prepareSessionQuery>>();

function sessionQuery(db: Db) {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query;
}

/**
 * The user behind a session token, read fresh on every request so role changes and
 * deactivation apply at once. Expired sessions and sessions of inactive users are deleted.
 */
export async function getSessionUser(
  ctx: ServiceContext,
  token: string,
): Promise<SessionUser | null> {
  const sessionId = hashSessionToken(token);
  const [row] = await sessionQuery(ctx.db).execute({ sessionId });
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
