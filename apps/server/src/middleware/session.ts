import { isAdmin, MESSAGES } from '@cogni/domain';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { getSessionUser, type SessionUser } from '../services/auth/get-session-user';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '../services/auth/session-policy';
import { isSecureRequest } from './request-origin';

const COOKIE_NAME = 'cogni_session';
/** Over HTTPS the cookie gets the __Host- prefix: Secure, path /, no Domain (ASVS 3.3.3). */
const SECURE_COOKIE_NAME = `__Host-${COOKIE_NAME}`;

/**
 * Over HTTPS only the __Host- cookie counts: a plain-named cookie could have been planted by a
 * sibling subdomain or over HTTP before HSTS applied (login CSRF into the attacker's account).
 */
function readSessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, isSecureRequest(c) ? SECURE_COOKIE_NAME : COOKIE_NAME);
}

/** The token reaches the browser only through this HttpOnly cookie, never in a body (ASVS 3.3.4). */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  const isSecure = isSecureRequest(c);
  setCookie(c, isSecure ? SECURE_COOKIE_NAME : COOKIE_NAME, token, {
    httpOnly: true,
    secure: isSecure,
    sameSite: 'Lax',
    path: '/',
    maxAge: Math.floor(SESSION_ABSOLUTE_TIMEOUT_MS / 1000),
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, COOKIE_NAME, { path: '/' });
  deleteCookie(c, SECURE_COOKIE_NAME, { path: '/', secure: true });
}

/** Puts the signed-in user (or null) on the context; a dead session's cookie is cleared. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = readSessionToken(c);
  let session: SessionUser | null = null;
  if (token) {
    session = await getSessionUser(c.get('deps'), token);
    if (!session) clearSessionCookie(c);
  }
  c.set('session', session);
  await next();
};

export function requireUser(c: Context<AppEnv>): SessionUser {
  const session = c.get('session');
  if (!session) throw new AppError('UNAUTHENTICATED', 'You must be logged in');
  return session;
}

/** Admin routes answer 403 to everyone else (D3), and the refusal is logged (ASVS 16.3.2). */
export function requireAdmin(c: Context<AppEnv>): SessionUser {
  const session = requireUser(c);
  if (!isAdmin(session.user)) {
    c.get('deps').logger.warn(
      { userId: session.user.id, method: c.req.method, path: c.req.path },
      'admin route refused',
    );
    throw new AppError('FORBIDDEN', MESSAGES.adminNoPrivileges);
  }
  return session;
}

/**
 * What a user whose password an admin set may still do (ASVS 6.4.1): read the session, change
 * the password, log out, and log in again (possibly as someone else).
 */
const ALLOWED_BEFORE_OWN_PASSWORD = new Set([
  'GET /api/session',
  'GET /api/health',
  'POST /api/me/password',
  'POST /api/auth/login',
  'POST /api/auth/login/totp',
  'POST /api/auth/logout',
]);

/**
 * Refuses every other API request of such a user with 403 PASSWORD_CHANGE_REQUIRED, so the
 * password someone else knows opens nothing but its own replacement. Runs after loadSession; a
 * deny list would let a new route through, this allow list cannot.
 */
export const requireOwnPassword: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = c.get('session');
  if (
    session?.user.mustChangePassword &&
    !ALLOWED_BEFORE_OWN_PASSWORD.has(`${c.req.method} ${c.req.path}`)
  ) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired);
  }
  await next();
};
