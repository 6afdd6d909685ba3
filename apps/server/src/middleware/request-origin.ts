import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/** The origin the browser is using, from APP_ORIGIN or else from the request itself. */
export function getExpectedOrigin(c: Context<AppEnv>): string {
  const { config } = c.get('deps');
  if (config.APP_ORIGIN) return config.APP_ORIGIN;
  const url = new URL(c.req.url);
  const forwardedProto = config.TRUST_PROXY ? c.req.header('x-forwarded-proto') : undefined;
  const proto = forwardedProto?.split(',')[0]?.trim() || url.protocol.replace(':', '');
  const host = c.req.header('host') ?? url.host;
  return `${proto}://${host}`;
}

export function isSecureRequest(c: Context<AppEnv>): boolean {
  return getExpectedOrigin(c).startsWith('https://');
}
