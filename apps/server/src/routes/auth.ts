import { setTimeout as sleep } from 'node:timers/promises';
import {
  type LoginInput,
  LoginInputSchema,
  LoginTotpInputSchema,
  RegisterInputSchema,
  type Text,
} from '@cogni/domain';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { createConcurrencyLimit } from '../lib/concurrency-limit';
import { parseJsonBody, readJsonBody } from '../lib/parse-body';
import { SIGN_INS_BUSY_MESSAGE } from '../lib/password';
import { getClientAddress, getClientIp } from '../middleware/request-origin';
import {
  clearSessionCookie,
  readDeviceToken,
  setDeviceCookie,
  setSessionCookie,
} from '../middleware/session';
import { completeTotpLogin } from '../services/auth/complete-totp-login';
import { findKnownDevice, forgetDevice, rememberDevice } from '../services/auth/known-devices';
import { type LoginResult, logIn, logLoginFailure } from '../services/auth/log-in';
import { logOut } from '../services/auth/log-out';
import { findLoginChallenge, type PendingLogin } from '../services/auth/login-challenge';
import { forgetLoginTurns, planLoginWait } from '../services/auth/login-throttle';
import { registerUser } from '../services/auth/register-user';
import type { NewSession } from '../services/auth/start-session';
import { accountFromAddress, getAuthLimits } from '../services/rate-limit/auth-limits';
import {
  assertNotLockedOut,
  countAttempt,
  countAttemptBefore,
  getLockout,
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

/**
 * Who is logging in, as far as the limits go. A browser the account knows (its device cookie)
 * answers only for its own failures: failures from elsewhere never slow it down or refuse it. Any
 * other browser has its attempt counted on its (account, address) pair before the password is
 * checked, is refused past the pair's limit or once its address has failed too often, and its
 * failures count toward the account's slow-down (ADR 024).
 */
type LoginAttempt = {
  email: string;
  /** The stored id of the browser's device token, when the account knows this browser. */
  deviceId: string | null;
  /** The limits that refuse the attempt once reached. */
  refusing: LimitCheck[];
  /** The limits a failure of the attempt counts toward. */
  counting: LimitCheck[];
};

async function identifyAttempt(c: Context<AppEnv>, email: string): Promise<LoginAttempt> {
  const deps = c.get('deps');
  const limits = getAuthLimits(deps.config);
  let deviceId = await findKnownDevice(deps, readDeviceToken(c), email);
  if (deviceId && (await getLockout(deps, limits.loginPerDevice, deviceId)) > 0) {
    // Too many failures from the device itself: the account forgets it, so a stolen device
    // cookie buys a few guesses once, and then the browser counts as any other.
    await forgetDevice(deps, deviceId);
    await resetAttempts(deps, limits.loginPerDevice, deviceId);
    deviceId = null;
  }
  if (deviceId) {
    return {
      email,
      deviceId,
      refusing: [],
      counting: [{ limit: limits.loginPerDevice, subject: deviceId }],
    };
  }
  const ipCheck = { limit: limits.loginPerIp, subject: getClientAddress(c) };
  return {
    email,
    deviceId,
    refusing: [ipCheck],
    counting: [ipCheck, { limit: limits.loginPerAccount, subject: email }],
  };
}

/**
 * Counts the attempt on its (account, address) pair in one statement, before the password is
 * checked, so requests sent together from one address are each told their own place and at most
 * the pair's limit of them get through; past it, 429. Answers whether the address had not tried
 * the account in the window before (true too without an address: in-process test requests).
 */
async function countPairAttempt(c: Context<AppEnv>, email: string): Promise<boolean> {
  const deps = c.get('deps');
  const pair = accountFromAddress(email, getClientAddress(c));
  if (pair === undefined) return true;
  const { loginPerAccountAndIp } = getAuthLimits(deps.config);
  const before = await countAttemptBefore(deps, loginPerAccountAndIp, pair, FAILED_LOGINS);
  return before === 0;
}

/**
 * Runs one login step of `email` inside the login admission. A browser the account does not
 * know, on an account past its failed-login threshold, first waits
 * (services/auth/login-throttle.ts) outside the admission, so a slowed-down login holds none of
 * its places, and is checked against the address limit again after the wait, as attempts that
 * ran meanwhile may have reached it. The wait is bounded, and so is the number of logins waiting
 * on this instance.
 */
async function attemptLogin<T>(
  c: Context<AppEnv>,
  email: string,
  step: (attempt: LoginAttempt) => Promise<T>,
): Promise<T> {
  const deps = c.get('deps');
  const { loginPerAccount } = getAuthLimits(deps.config);
  type Admitted =
    | { attempt: LoginAttempt; done: T }
    | { attempt: LoginAttempt; wait: { waitMs: number; leave: () => void } };
  const first: Admitted = await admitLogin(async (): Promise<Admitted> => {
    const attempt = await identifyAttempt(c, email);
    await refusalsLogged(c, email, () => assertNotLockedOut(deps, attempt.refusing, FAILED_LOGINS));
    if (attempt.deviceId) return { attempt, done: await step(attempt) };
    const wait = await refusalsLogged(c, email, async () =>
      planLoginWait(deps, loginPerAccount, email, await countPairAttempt(c, email)),
    );
    if (wait.waitMs > 0) return { attempt, wait };
    wait.leave();
    return { attempt, done: await step(attempt) };
  });
  if ('done' in first) return first.done;
  const { attempt, wait } = first;
  try {
    await sleep(wait.waitMs);
  } finally {
    wait.leave();
  }
  return admitLogin(async () => {
    await refusalsLogged(c, email, () => assertNotLockedOut(deps, attempt.refusing, FAILED_LOGINS));
    return step(attempt);
  });
}

const FAILED_LOGINS: Text = /*i18n*/ {
  id: 'errors.failedLoginsLockout',
  message:
    'Too many failed logins. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
};
const SIGN_UPS: Text = /*i18n*/ {
  id: 'errors.signUpsLockout',
  message: 'Too many sign-ups. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
};

/** A refused login (429) is logged as a LOGIN_ERROR like any other failure. */
async function refusalsLogged<T>(
  c: Context<AppEnv>,
  email: string | undefined,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof AppError) {
      await logLoginFailure(c.get('deps'), error.message, email, 'rate-limited', getClientIp(c));
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
 * The account's every factor is checked: the failures of the account (and its booked turns), the
 * attempts of this address on it and the failures of this browser are forgotten, the session
 * starts with a new token, and the one the browser had before is ended (ASVS 7.2.4). The browser
 * becomes (or stays) a known device of the account, for a year from now.
 */
async function finishLogin(c: Context<AppEnv>, attempt: LoginAttempt, session: NewSession) {
  const deps = c.get('deps');
  const limits = getAuthLimits(deps.config);
  const forgotten = [
    { limit: limits.loginPerAccount, subject: attempt.email },
    {
      limit: limits.loginPerAccountAndIp,
      subject: accountFromAddress(attempt.email, getClientAddress(c)),
    },
    { limit: limits.loginPerDevice, subject: attempt.deviceId ?? undefined },
  ];
  for (const { limit, subject } of forgotten) {
    if (subject !== undefined) await resetAttempts(deps, limit, subject);
  }
  await forgetLoginTurns(deps, limits.loginPerAccount, attempt.email);
  const previous = c.get('session');
  if (previous) await logOut(deps, previous.sessionId);
  const deviceToken = await rememberDevice(deps, session.user.id, readDeviceToken(c));
  // The session cookie first: clients that keep one cookie per answer keep the session.
  setSessionCookie(c, session.token);
  setDeviceCookie(c, deviceToken);
  return c.json({ user: session.user });
}

export const authRoutes = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const deps = c.get('deps');
    const input = await parseJsonBody(c, RegisterInputSchema);
    const { signUpPerIp } = getAuthLimits(deps.config);
    const address = getClientAddress(c);
    await admitLogin(async () => {
      await assertNotLockedOut(deps, [{ limit: signUpPerIp, subject: address }], SIGN_UPS);
      if (address) await countAttempt(deps, signUpPerIp, address);
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
          getClientIp(c),
        );
      }
      throw error;
    }
    const ip = getClientIp(c);
    // Unknown emails are counted and slowed down alike, so neither says whether an account exists.
    return attemptLogin(c, input.email, async (attempt) => {
      const result: LoginResult = await countingFailures(c, attempt.counting, () =>
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
      return finishLogin(c, attempt, result);
    });
  })
  /**
   * POST /api/auth/login/totp `{ challengeId, code }` (an app code or a recovery code) ->
   * `{ user }` with the session cookie.
   * 401 for a wrong code (counted and slowed down exactly like a wrong password) or a challenge
   * that expired, was used, or took too many wrong codes.
   */
  .post('/login/totp', async (c) => {
    const deps = c.get('deps');
    const input = await parseJsonBody(c, LoginTotpInputSchema);
    const ip = getClientIp(c);
    const limits = getAuthLimits(deps.config);
    const ipCheck = { limit: limits.loginPerIp, subject: getClientAddress(c) };
    const pending: PendingLogin = await admitLogin(async () => {
      await refusalsLogged(c, undefined, () => assertNotLockedOut(deps, [ipCheck], FAILED_LOGINS));
      return countingFailures(c, [ipCheck], () => findLoginChallenge(deps, input.challengeId));
    });
    return attemptLogin(c, pending.user.email, async (attempt) => {
      const client = { userAgent: c.req.header('user-agent'), ip };
      const session = await countingFailures(c, attempt.counting, () =>
        completeTotpLogin(deps, pending, input.code, client),
      );
      if (!/^\d{6}$/.test(input.code)) {
        // Worth a look in the logs: the owner lost their phone, or someone has their codes.
        deps.logger.warn({ userId: pending.user.id }, 'logged in with a recovery code');
      }
      return finishLogin(c, attempt, session);
    });
  })
  .post('/logout', async (c) => {
    const session = c.get('session');
    if (session) await logOut(c.get('deps'), session.sessionId);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
