import { type LoginInput, LoginInputSchema, RegisterInputSchema } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { parseJsonBody } from '../lib/parse-body';
import { getClientIp } from '../middleware/request-origin';
import { clearSessionCookie, setSessionCookie } from '../middleware/session';
import { logIn, logLoginFailure } from '../services/auth/log-in';
import { logOut } from '../services/auth/log-out';
import { registerUser } from '../services/auth/register-user';
import { getAuthLimits } from '../services/rate-limit/auth-limits';
import { assertNotLockedOut, countAttempt, resetAttempts } from '../services/rate-limit/rate-limit';

export const authRoutes = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const deps = c.get('deps');
    const input = await parseJsonBody(c, RegisterInputSchema);
    const { signUpPerIp } = getAuthLimits(deps.config);
    const ip = getClientIp(c);
    await assertNotLockedOut(deps, [{ limit: signUpPerIp, subject: ip }], 'Too many sign-ups.');
    if (ip) await countAttempt(deps, signUpPerIp, ip);
    // The same answer whether the email was new or taken (ASVS 6.3.8).
    await registerUser(deps, input);
    return c.json({ ok: true }, 201);
  })
  .post('/login', async (c) => {
    const deps = c.get('deps');
    let input: LoginInput;
    try {
      input = await parseJsonBody(c, LoginInputSchema);
    } catch (error) {
      if (error instanceof AppError) {
        // Hono caches the body, so reading it again is free; it may not be JSON at all.
        const body: unknown = await c.req.json().catch(() => undefined);
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
    const previous = c.get('session');
    const ip = getClientIp(c);
    const limits = getAuthLimits(deps.config);
    // Unknown emails count too, so a lockout says nothing about whether an account exists.
    const checks = [
      { limit: limits.loginPerAccount, subject: input.email },
      { limit: limits.loginPerIp, subject: ip },
    ];
    try {
      await assertNotLockedOut(deps, checks, 'Too many failed logins.');
    } catch (error) {
      if (error instanceof AppError) {
        await logLoginFailure(deps, error.message, input.email, 'rate-limited');
      }
      throw error;
    }
    let result: Awaited<ReturnType<typeof logIn>>;
    try {
      result = await logIn(deps, input, { userAgent: c.req.header('user-agent'), ip });
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') {
        for (const { limit, subject } of checks) {
          if (subject !== undefined) await countAttempt(deps, limit, subject);
        }
      }
      throw error;
    }
    await resetAttempts(deps, limits.loginPerAccount, input.email);
    const { token, user } = result;
    // A new token at every login; the one the browser had before is ended (ASVS 7.2.4).
    if (previous) await logOut(deps, previous.sessionId);
    setSessionCookie(c, token);
    return c.json({ user });
  })
  .post('/logout', async (c) => {
    const session = c.get('session');
    if (session) await logOut(c.get('deps'), session.sessionId);
    clearSessionCookie(c);
    return c.body(null, 204);
  });
