import type { Text, User } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { authSessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { generateSessionToken, hashSessionToken } from '../../lib/tokens';
import type { ServiceContext } from '../context';
import { toUser } from '../users/to-user';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from './session-policy';

const NOT_LOGGED_IN: Text = /*i18n*/ { id: 'errors.notLoggedIn', message: 'You must be logged in' };

export type ClientInfo = { userAgent?: string | undefined; ip?: string | undefined };

export type NewSession = { token: string; user: User };

/**
 * Starts a session for an account whose every login factor has been checked, and sets lastLogin
 * (docs/product.md#accounts). The token is new each time (ASVS 7.2.4); only its hash is stored.
 */
export async function startSession(
  ctx: ServiceContext,
  userId: string,
  client: ClientInfo,
): Promise<NewSession> {
  const token = generateSessionToken();
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    await tx.insert(authSessions).values({
      id: hashSessionToken(token),
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      ip: client.ip ?? null,
    });
    const [user] = await tx
      .update(users)
      .set({ lastLogin: now })
      .where(eq(users.id, userId))
      .returning();
    return user;
  });
  // The account was deleted between the checks and here.
  if (!updated) throw new AppError('UNAUTHENTICATED', NOT_LOGGED_IN);
  return { token, user: toUser(updated) };
}
