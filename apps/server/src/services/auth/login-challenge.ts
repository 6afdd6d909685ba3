import { MESSAGES, type Text } from '@cogni/domain';
import { eq, lte, or } from 'drizzle-orm';
import { loginChallenges, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { generateSessionToken, hashSessionToken } from '../../lib/tokens';
import type { ServiceContext } from '../context';

/** Time to type the code after the password, in ms: a few minutes is plenty, a stolen id is not. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Wrong codes one challenge takes before it is dropped (the account's limit applies as well). */
export const LOGIN_CHALLENGE_MAX_FAILURES = 5;

export const LOGIN_CHALLENGE_EXPIRED: Text = /*i18n*/ {
  id: 'errors.loginChallengeExpired',
  message: 'This login has expired. Please log in again.',
};

/**
 * Records that the password was right for an account with two-factor login on, and returns the
 * opaque id the browser sends back with the code. Only the id's hash is stored. Earlier
 * challenges of the account and everyone's expired ones are dropped on the way.
 */
export async function createLoginChallenge(
  ctx: ServiceContext,
  userId: string,
): Promise<{ challengeId: string; expiresAt: Date }> {
  const challengeId = generateSessionToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS);
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(loginChallenges)
      .where(or(eq(loginChallenges.userId, userId), lte(loginChallenges.expiresAt, now)));
    await tx
      .insert(loginChallenges)
      .values({ id: hashSessionToken(challengeId), userId, createdAt: now, expiresAt });
  });
  return { challengeId, expiresAt };
}

export type PendingLogin = {
  /** The stored (hashed) challenge id. */
  id: string;
  user: typeof users.$inferSelect;
};

/**
 * The account a live challenge belongs to. An unknown, expired or used id is a 401 that says
 * to log in again; a deactivated account is told so, as at the password step.
 */
export async function findLoginChallenge(
  ctx: ServiceContext,
  challengeId: string,
): Promise<PendingLogin> {
  const id = hashSessionToken(challengeId);
  const [row] = await ctx.db
    .select({ challenge: loginChallenges, user: users })
    .from(loginChallenges)
    .innerJoin(users, eq(users.id, loginChallenges.userId))
    .where(eq(loginChallenges.id, id));
  if (!row || row.challenge.expiresAt.getTime() <= ctx.now().getTime()) {
    if (row) await ctx.db.delete(loginChallenges).where(eq(loginChallenges.id, id));
    throw new AppError('UNAUTHENTICATED', LOGIN_CHALLENGE_EXPIRED);
  }
  if (!row.user.isActive) throw new AppError('FORBIDDEN', MESSAGES.accountDeactivated);
  return { id, user: row.user };
}
