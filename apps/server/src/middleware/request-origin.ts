import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { toAddressKey } from '../lib/address-key';

/**
 * The last X-Forwarded-* value, when a trusted proxy is in front (TRUST_PROXY). Proxies append
 * what they saw to whatever the client sent, so only the last value is the proxy's own: taking
 * the first would let a client pick its address and slip the per-address limits (ASVS 4.1.3).
 */
function getForwarded(c: Context<AppEnv>, header: string): string | undefined {
  if (!c.get('deps').config.TRUST_PROXY) return undefined;
  return c.req.header(header)?.split(',').at(-1)?.trim() || undefined;
}

/** The client's address: the proxy's X-Forwarded-For when trusted, else the socket's. */
export function getClientIp(c: Context<AppEnv>): string | undefined {
  const forwarded = getForwarded(c, 'x-forwarded-for');
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // app.request() in tests has no socket.
    return undefined;
  }
}

/**
 * What per-address limits count the client by: its IPv4 address or its IPv6 /64
 * (lib/address-key.ts); undefined without an address (in-process test requests).
 */
export function getClientAddress(c: Context<AppEnv>): string | undefined {
  const ip = getClientIp(c);
  return ip === undefined ? undefined : toAddressKey(ip);
}

/** The origin the browser is using, from APP_ORIGIN or else from the request itself. */
export function getExpectedOrigin(c: Context<AppEnv>): string {
  const { config } = c.get('deps');
  if (config.APP_ORIGIN) return config.APP_ORIGIN;
  const url = new URL(c.req.url);
  const proto = getForwarded(c, 'x-forwarded-proto') ?? url.protocol.replace(':', '');
  const host = c.req.header('host') ?? url.host;
  return `${proto}://${host}`;
}

export function isSecureRequest(c: Context<AppEnv>): boolean {
  return getExpectedOrigin(c).startsWith('https://');
}
