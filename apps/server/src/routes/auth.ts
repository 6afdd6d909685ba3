import {
  type LoginInput,
  LoginInputSchema,
  LoginTotpInputSchema,
  RegisterInputSchema,
} from '@cogni/domain';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { createConcurrencyLimit } from '../lib/concurrency-limit';
import { parseJsonBody, readJsonBody } from '../lib/parse-body';
import { SIGN_INS_BUSY_MESSAGE } from '../lib/password';
import { getClientIp } from '../middleware/request-origin';
import { clearSessionCookie, setSessionCookie } from '../middleware/session';
import { completeTotpLogin } from '../services/auth/complete-totp-login';
import { type LoginResult, logIn, logLoginFailure } from '../services/auth/log-in';
import { logOut } from '../services/auth/log-out';
import { findLoginChallenge, type PendingLogin } from '../services/auth/login-challenge';
import { registerUser } from '../services/auth/register-user';
import type { NewSession } from '../services/auth/start-session';
import { getAuthLimits } from '../services/rate-limit/auth-limits';
import {
  assertNotLockedOut,
  countAttempt,
  type Limit,
  resetAttempts,
} from '../services/rate-limit/rate-limit';

type LimitCheck = { limit: Limit; subject: string | undefined };

/**
 * At most four logins and sign-ups at once on this instance; 64 more wait, and past that a new
 * one gets 503 at once. Hashing runs two at a time (lib/password.ts), so four keep it busy;
 * what this adds is that a crowd logging in at once enters the database pool a few at a time
 * (lockout checks, the account, the session: about eight statements each) instead of all
 * together ahead of everyone's trial saves (ADR 022).
 */
export const LOGINS_AT_ONCE = 4;
export const LOGINS_WAITING = 64;
const admitLogin = createConcurrencyLimit({
  concurrency: LOGINS_AT_ONCE,
  maxQueued: LOGINS_WAITING,
  busyMessage: SIGN_INS_BUSY_MESSAGE,
});

/** A locked-out account or address gets 429, logged as a LOGIN_ERROR like any other failure. */
async function assertLoginAllowed(
  c: Context<AppEnv>,
  checks: LimitCheck[],
  email: string | undefined,
): Promise<void> {
  try {
    await assertNotLockedOut(c.get('deps'), checks, 'Too many failed logins.');
  } catch (error) {
    if (error instanceof AppError) {
      await logLoginFailure(c.get('deps'), error.message, email, 'rate-limited');
    }
    throw error;
  }
}

/** Runs one login step; a wrong password or code counts against each subject's limit. */
async function countingFailures<T>(
  c: Context<AppEnv>,
  checks: LimitCheck[],
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
      for (const { limit, subject } of checks) {
        if (subject !== undefined) await countAttempt(c.get('deps'), limit, subject);
      }
    }
    throw error;
  }
}

/**
 * The account's every factor is checked: its failures are forgotten, the session starts with a
 * new token, and the one the browser had before is ended (ASVS 7.2.4).
 */
async function finishLogin(c: Context<AppEnv>, email: string, session: NewSession) {
  const deps = c.get('deps');
  await resetAttempts(deps, getAuthLimits(deps.config).loginPerAccount, email);
  const previous = c.get('session');
  if (previous) await logOut(deps, previous.sessionId);
  setSessionCookie(c, session.token);
  return c.json({ user: session.user });
}

export const authRoutes = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const deps = c.get('deps');
    const input = await parseJsonBody(c, RegisterInputSchema);
    const { signUpPerIp } = getAuthLimits(deps.config);
    const ip = getClientIp(c);
    await admitLogin(async () => {
      await assertNotLockedOut(deps, [{ limit: signUpPerIp, subject: ip }], 'Too many sign-ups.');
      if (ip) await countAttempt(deps, signUpPerIp, ip);
      // The same answer whether the email was new or taken (ASVS 6.3.8).
      await registerUser(deps, input);
    });
    return c.json({ ok: true }, 201);
  })
  /**
   * POST /api/auth/login `{ email, password }` -> `{ user }` with the session cookie, or, for an
   * account with two-factor login on, `{ totpRequired: true, challengeId, expiresAt }` and no
   * session: the code goes to POST /api/auth/login/totp.
   */
  .post('/login', async (c) => {
    const deps = c.get('deps');
    let input: LoginInput;
    try {
      input = await parseJsonBody(c, LoginInputSchema);
    } catch (error) {
      if (error instanceof AppError) {
        // The body is read once and kept, so reading it again is free; it may not be JSON.
        const body: unknown = await readJsonBody(c).catch(() => undefined);
        const email = (body as { email?: unknown } | undefined)?.email;
        await logLoginFailure(
          deps,
          error.message,
          typeof email === 'string' ? email : undefined,
          'invalid-request',
        );
      }
      throw error;
    }
    const ip = getClientIp(c);
    const limits = getAuthLimits(deps.config);
    // Unknown emails count too, so a lockout says nothing about whether an account exists.
    const checks = [
      { limit: limits.loginPerAccount, subject: input.email },
      { limit: limits.loginPerIp, subject: ip },
    ];
    return admitLogin(async () => {
      await assertLoginAllowed(c, checks, input.email);
      const result: LoginResult = await countingFailures(c, checks, () =>
        logIn(deps, input, { userAgent: c.req.header('user-agent'), ip }),
      );
      if (result.kind === 'totp-required') {
        // The password alone is not a login: the account's failures stay counted until the
        // code is right, so guessing codes cannot be reset by giving the password again.
        return c.json({
          totpRequired: true as const,
          challengeId: result.challengeId,
          expiresAt: result.expiresAt.toISOString(),
        });
      }
      return finishLogin(c, input.email, result);
    });
  })
  /**
   * POST /api/auth/login/totp `{ challengeId, code }` (an app code or a recovery code) ->
   * `{ user }` with the session cookie.
   * 401 for a wrong code (counted against the account's failed-login limit, like a wrong
   * password) or a challenge that expired, was used, or took too many wrong codes.
   */
  .post('/login/totp', async (c) => {
    const deps = c.get('deps');
    const input = await parseJsonBody(c, LoginTotpInputSchema);
    const ip = getClientIp(c);
    const limits = getAuthLimits(deps.config);
    const ipCheck = { limit: limits.loginPerIp, subject: ip };
    return admitLogin(async () => {
      await assertLoginAllowed(c, [ipCheck], undefined);
      const pending: PendingLogin = await countingFailures(c, [ipCheck], () =>
        findLoginChallenge(deps, input.challengeId),
      );
      const checks = [{ limit: limits.loginPerAccount, subject: pending.user.email }, ipCheck];
      await assertLoginAllowed(c, checks, pending.user.email);
      const client = { userAgent: c.req.header('user-agent'), ip };
      const session = await countingFailures(c, checks, () =>
        completeTotpLogin(deps, pending, input.code, client),
      );
      if (!/^\d{6}$/.test(input.code)) {
        // Worth a look in the logs: the owner lost their phone, or someone has their codes.
        deps.logger.warn({ userId: pending.user.id }, 'logged in with a recovery code');
      }
      return finishLogin(c, pending.user.email, session);
    });
  })
  .post('/logout', async (c) => {
    const session = c.get('session');
    if (session) await logOut(c.get('deps'), session.sessionId);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
