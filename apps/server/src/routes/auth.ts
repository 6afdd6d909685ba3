import { LoginInputSchema, RegisterInputSchema } from '@cogni/domain';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { parseJsonBody } from '../lib/parse-body';
import { clearSessionCookie, setSessionCookie } from '../middleware/session';
import { logIn } from '../services/auth/log-in';
import { logOut } from '../services/auth/log-out';
import { registerUser } from '../services/auth/register-user';

function getClientIp(
  c: Parameters<typeof getConnInfo>[0],
  trustProxy: boolean,
): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
    return undefined;
  }
}

export const authRoutes = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const input = await parseJsonBody(c, RegisterInputSchema);
    // The same answer whether the email was new or taken (ASVS 6.3.8).
    await registerUser(c.get('deps'), input);
    return c.json({ ok: true }, 201);
  })
  .post('/login', async (c) => {
    const input = await parseJsonBody(c, LoginInputSchema);
    const deps = c.get('deps');
    const previous = c.get('session');
    const { token, user } = await logIn(deps, input, {
      userAgent: c.req.header('user-agent'),
      ip: getClientIp(c, deps.config.TRUST_PROXY),
    });
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
