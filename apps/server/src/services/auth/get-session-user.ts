import type { User } from '@cogni/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { authSessions, users } from '../../db/schema';
import { BATCHING, createBatcher } from '../../lib/batch';
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
    .where(sql`${authSessions.id} = any(${sql.placeholder('sessionIds')})`)
    .prepare('session_users');
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof prepareSessionQuery>['execute']>>[number];

/**
 * Every request reads its session, so the query is built once per database and prepared, and
 * the sessions of requests that arrive together are read in one statement (lib/batch.ts):
 * building the query and a round trip per request would otherwise cost more of the server's CPU
 * than anything else in a trial save (ADR 016). Each request's read starts only once it comes.
 */
const sessionReaders = new WeakMap<Db, (sessionId: string) => Promise<SessionRow | undefined>>();

function readSession(db: Db, sessionId: string): Promise<SessionRow | undefined> {
  let reader = sessionReaders.get(db);
  if (!reader) {
    const query = prepareSessionQuery(db);
    reader = createBatcher(async (sessionIds: string[]) => {
      const rows = await query.execute({ sessionIds: [...new Set(sessionIds)] });
      const byId = new Map(rows.map((row) => [row.session.id, row]));
      return sessionIds.map((id) => byId.get(id));
    }, BATCHING);
    sessionReaders.set(db, reader);
  }
  return reader(sessionId);
}

type Touch = { sessionId: string; seenAt: Date };

/**
 * Marks sessions as seen, many in one statement: every signed-in participant's session is due
 * once a minute, which at thousands of participants would be a hundred single-row commits a
 * second (ADR 017). A batch's requests arrive within milliseconds of each other, so all of them
 * are marked with the latest one's time.
 */
const sessionTouchers = new WeakMap<Db, (touch: Touch) => Promise<void>>();

function touchSession(db: Db, touch: Touch): Promise<void> {
  let toucher = sessionTouchers.get(db);
  if (!toucher) {
    toucher = createBatcher(async (touches: Touch[]) => {
      const seenAt = Math.max(...touches.map((t) => t.seenAt.getTime()));
      await queryRows(db, {
        name: 'touch_sessions',
        text: 'update auth_sessions set last_seen_at = $1 where id = any($2::text[])',
        values: [new Date(seenAt).toISOString(), [...new Set(touches.map((t) => t.sessionId))]],
      });
      return touches.map(() => undefined);
    }, BATCHING);
    sessionTouchers.set(db, toucher);
  }
  return toucher(touch);
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
  const row = await readSession(ctx.db, sessionId);
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
    await touchSession(ctx.db, { sessionId, seenAt: new Date(now) });
  }
  return { sessionId, user: toUser(row.user) };
}
