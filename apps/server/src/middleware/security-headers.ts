import type { MiddlewareHandler } from 'hono';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: readonly [string, string][] = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Embedder-Policy', 'require-corp'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

/**
 * Headers on every response. COOP + COEP make the page cross-origin isolated, which is what gives
 * the test its 5-microsecond clock (rule 4 in docs/timing-rules.md).
 *
 * Set on the response itself, as Hono's own secureHeaders does: c.header() after a handler has
 * answered copies the whole Response at each call, nine copies a request (bench:load).
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const { headers } = c.res;
  for (const [name, value] of SECURITY_HEADERS) headers.set(name, value);
};
