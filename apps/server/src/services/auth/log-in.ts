import { type LoginInput, MESSAGES, type User } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { authSessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password';
import { generateSessionToken, hashSessionToken } from '../../lib/tokens';
import type { ServiceContext } from '../context';
import { writeErrorLog } from '../error-logs/write-error-log';
import { toUser } from '../users/to-user';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from './session-policy';

/** One message for every failure, so a login never tells which emails exist (ASVS 6.3.8). */
export const INVALID_CREDENTIALS = 'Invalid email or password';

/** Writes the LOGIN_ERROR record of spec section 8: the error message and the email. */
export function logLoginFailure(
  ctx: ServiceContext,
  errorMessage: string,
  email: string | undefined,
  reason: string,
): Promise<void> {
  return writeErrorLog(ctx, {
    errorType: 'LOGIN_ERROR',
    errorMessage,
    userId: null,
    context: { email: email?.slice(0, 254) ?? null, reason },
  });
}

export type LoginResult = { token: string; user: User };

/**
 * Checks the credentials, starts a new session and sets lastLogin (D6). Every failure is
 * written to errorLogs as LOGIN_ERROR with the message and the email (spec section 8).
 * Deactivated accounts cannot log in (D6), and are told so once the password is right.
 */
export async function logIn(
  ctx: ServiceContext,
  input: LoginInput,
  client: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<LoginResult> {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  const isPasswordValid = row
    ? await verifyPassword(input.password, row.passwordHash)
    : await verifyAgainstDummy(input.password);
  if (!row || !isPasswordValid) {
    await logLoginFailure(
      ctx,
      INVALID_CREDENTIALS,
      input.email,
      row ? 'wrong-password' : 'unknown-email',
    );
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  // Said plainly, but only to someone who knows the password: it reveals nothing to a guesser.
  if (!row.isActive) {
    await logLoginFailure(ctx, MESSAGES.accountDeactivated, input.email, 'inactive');
    throw new AppError('FORBIDDEN', MESSAGES.accountDeactivated);
  }

  const token = generateSessionToken();
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    await tx.insert(authSessions).values({
      id: hashSessionToken(token),
      userId: row.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TIMEOUT_MS),
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      ip: client.ip ?? null,
    });
    const [user] = await tx
      .update(users)
      .set({ lastLogin: now })
      .where(eq(users.id, row.id))
      .returning();
    return user;
  });
  if (!updated) throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  return { token, user: toUser(updated) };
}
