import { eq, sql } from 'drizzle-orm';
import { loginChallenges } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ErrorLogContext } from '../error-logs/write-error-log';
import { logLoginFailure } from './log-in';
import {
  LOGIN_CHALLENGE_EXPIRED,
  LOGIN_CHALLENGE_MAX_FAILURES,
  type PendingLogin,
} from './login-challenge';
import { type ClientInfo, type NewSession, startSession } from './start-session';
import { spendSecondFactor, WRONG_TOTP_CODE } from './totp/spend-code';

/**
 * The second step of a login: a right code ends the challenge and starts the session. A wrong
 * one is logged as LOGIN_ERROR and counted on the challenge, which is dropped after a few; the
 * route counts it against the account's failed-login limit too.
 */
export async function completeTotpLogin(
  ctx: ErrorLogContext,
  pending: PendingLogin,
  code: string,
  client: ClientInfo,
): Promise<NewSession> {
  if (!(await spendSecondFactor(ctx, pending.user, code))) {
    const [challenge] = await ctx.db
      .update(loginChallenges)
      .set({ failedAttempts: sql`${loginChallenges.failedAttempts} + 1` })
      .where(eq(loginChallenges.id, pending.id))
      .returning({ failedAttempts: loginChallenges.failedAttempts });
    if (challenge && challenge.failedAttempts >= LOGIN_CHALLENGE_MAX_FAILURES) {
      await ctx.db.delete(loginChallenges).where(eq(loginChallenges.id, pending.id));
    }
    await logLoginFailure(
      ctx,
      WRONG_TOTP_CODE.message,
      pending.user.email,
      'wrong-totp-code',
      client.ip,
    );
    throw new AppError('UNAUTHENTICATED', WRONG_TOTP_CODE, { code: WRONG_TOTP_CODE.message });
  }
  // Deleting it first makes the challenge single-use even if two right codes race.
  const ended = await ctx.db
    .delete(loginChallenges)
    .where(eq(loginChallenges.id, pending.id))
    .returning({ id: loginChallenges.id });
  if (ended.length === 0) throw new AppError('UNAUTHENTICATED', LOGIN_CHALLENGE_EXPIRED);
  return startSession(ctx, pending.user.id, client);
}
