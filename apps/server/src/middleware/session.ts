import { isAdmin, isResearcher, MESSAGES, type Text } from '@cogni/domain';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { getSessionUser, type SessionUser } from '../services/auth/get-session-user';
import { SESSION_ABSOLUTE_TIMEOUT_MS } from '../services/auth/session-policy';
import { isSecureRequest } from './request-origin';

const COOKIE_NAME = 'cogni_session';
/** The browser's device token: a login from it skips the slow-down others cause (ADR 024). */
const DEVICE_COOKIE_NAME = 'cogni_device';
/** A year: long enough that people's own browsers stay known between visits. */
const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Over HTTPS a cookie gets the __Host- prefix: Secure, path /, no Domain (ASVS 3.3.3). Only that
 * name is read there: a plain-named cookie could have been planted by a sibling subdomain or
 * over HTTP before HSTS applied (login CSRF into the attacker's account).
 */
function cookieName(c: Context<AppEnv>, name: string): string {
  return isSecureRequest(c) ? `__Host-${name}` : name;
}

/** HttpOnly, SameSite=Lax, and Secure over HTTPS: scripts never see it (ASVS 3.3.1, 3.3.4). */
function setHostCookie(c: Context<AppEnv>, name: string, value: string, maxAgeS: number): void {
  setCookie(c, cookieName(c, name), value, {
    httpOnly: true,
    secure: isSecureRequest(c),
    sameSite: 'Lax',
    path: '/',
    maxAge: maxAgeS,
  });
}

function readSessionToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, cookieName(c, COOKIE_NAME));
}

/** The token reaches the browser only through this HttpOnly cookie, never in a body (ASVS 3.3.4). */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  setHostCookie(c, COOKIE_NAME, token, Math.floor(SESSION_ABSOLUTE_TIMEOUT_MS / 1000));
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, COOKIE_NAME, { path: '/' });
  deleteCookie(c, `__Host-${COOKIE_NAME}`, { path: '/', secure: true });
}

/** The device token the browser sent, if any; it stays across logouts. */
export function readDeviceToken(c: Context<AppEnv>): string | undefined {
  return getCookie(c, cookieName(c, DEVICE_COOKIE_NAME));
}

export function setDeviceCookie(c: Context<AppEnv>, token: string): void {
  setHostCookie(c, DEVICE_COOKIE_NAME, token, DEVICE_COOKIE_MAX_AGE_S);
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

const NOT_LOGGED_IN: Text = /*i18n*/ { id: 'errors.notLoggedIn', message: 'You must be logged in' };

export function requireUser(c: Context<AppEnv>): SessionUser {
  const session = c.get('session');
  if (!session) throw new AppError('UNAUTHENTICATED', NOT_LOGGED_IN);
  return session;
}

/**
 * The signed-in user when `isAllowed` says their role may call the route; otherwise 403 with
 * `message`, and the refusal is logged (ASVS 16.3.2) as `what`.
 */
function requireRole(
  c: Context<AppEnv>,
  isAllowed: (user: SessionUser['user']) => boolean,
  message: Text,
  what: string,
): SessionUser {
  const session = requireUser(c);
  if (!isAllowed(session.user)) {
    c.get('deps').logger.warn(
      { userId: session.user.id, method: c.req.method, path: c.req.path },
      what,
    );
    throw new AppError('FORBIDDEN', message);
  }
  return session;
}

/** Admin routes answer 403 to everyone else (docs/product.md#roles-and-permissions). */
export function requireAdmin(c: Context<AppEnv>): SessionUser {
  return requireRole(c, isAdmin, MESSAGES.adminNoPrivileges, 'admin route refused');
}

/** The studies API (ADR 040) answers 403 to anyone but a researcher or an admin. */
export function requireResearcher(c: Context<AppEnv>): SessionUser {
  return requireRole(c, isResearcher, MESSAGES.researcherNoPrivileges, 'researcher route refused');
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
 * What the first admin, made from the setup link, may do before two-factor login is on: read
 * the session, set two-factor login up, log out, and log in again.
 */
const ALLOWED_BEFORE_TWO_FACTOR = new Set([
  'GET /api/session',
  'GET /api/health',
  'POST /api/me/totp/setup',
  'POST /api/me/totp/confirm',
  'POST /api/auth/login',
  'POST /api/auth/login/totp',
  'POST /api/auth/logout',
]);

/**
 * Refuses every other API request of such a user with 403 PASSWORD_CHANGE_REQUIRED, so the
 * password someone else knows opens nothing but its own replacement; and of the first admin
 * without two-factor login, with 403 TWO_FACTOR_SETUP_REQUIRED. Runs after loadSession; a deny
 * list would let a new route through, these allow lists cannot.
 */
export const requireOwnPassword: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('session')?.user;
  const route = `${c.req.method} ${c.req.path}`;
  if (user?.mustChangePassword && !ALLOWED_BEFORE_OWN_PASSWORD.has(route)) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED', MESSAGES.passwordChangeRequired);
  }
  if (user?.mustSetUpTotp && !ALLOWED_BEFORE_TWO_FACTOR.has(route)) {
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED', MESSAGES.twoFactorSetupRequired);
  }
  await next();
};
