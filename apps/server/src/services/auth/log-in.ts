import { type LoginInput, MESSAGES, type Text } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { PasswordContext } from '../context';
import { type ErrorLogContext, writeVisitorErrorLog } from '../error-logs/write-error-log';
import { createLoginChallenge } from './login-challenge';
import { type ClientInfo, type NewSession, startSession } from './start-session';

/** One message for every failure, so a login never tells which emails exist (ASVS 6.3.8). */
export const INVALID_CREDENTIALS: Text = /*i18n*/ {
  id: 'errors.invalidCredentials',
  message: 'Invalid email or password',
};

/**
 * Writes the LOGIN_ERROR record: the error message and the email. The person
 * is not signed in, so the visitor limits of the client's address apply.
 */
export function logLoginFailure(
  ctx: ErrorLogContext,
  errorMessage: string,
  email: string | undefined,
  reason: string,
  ip: string | undefined,
): Promise<void> {
  return writeVisitorErrorLog(ctx, ip, {
    errorType: 'LOGIN_ERROR',
    errorMessage,
    userId: null,
    context: { email: email?.slice(0, 254) ?? null, reason },
  });
}

export type LoginResult =
  | ({ kind: 'session' } & NewSession)
  /** The password was right, and the account also needs a code (POST /api/auth/login/totp). */
  | { kind: 'totp-required'; challengeId: string; expiresAt: Date };

/**
 * Checks the credentials, then starts a new session, or, when the account has two-factor login on,
 * a login challenge that only a code completes (ASVS 6.3.3). Every failure is written to errorLogs
 * as LOGIN_ERROR with the message and the email. Deactivated accounts cannot log in
 * (docs/product.md#accounts), and are told so once the password is right.
 */
export async function logIn(
  ctx: PasswordContext & ErrorLogContext,
  input: LoginInput,
  client: ClientInfo,
): Promise<LoginResult> {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  const isPasswordValid = row
    ? await ctx.passwords.verify(input.password, row.passwordHash)
    : await ctx.passwords.verifyDummy(input.password);
  if (!row || !isPasswordValid) {
    await logLoginFailure(
      ctx,
      INVALID_CREDENTIALS.message,
      input.email,
      row ? 'wrong-password' : 'unknown-email',
      client.ip,
    );
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  // Said plainly, but only to someone who knows the password: it reveals nothing to a guesser.
  if (!row.isActive) {
    await logLoginFailure(
      ctx,
      MESSAGES.accountDeactivated.message,
      input.email,
      'inactive',
      client.ip,
    );
    throw new AppError('FORBIDDEN', MESSAGES.accountDeactivated);
  }
  if (row.totpSecret !== null) {
    return { kind: 'totp-required', ...(await createLoginChallenge(ctx, row.id)) };
  }
  return { kind: 'session', ...(await startSession(ctx, row.id, client)) };
}
