import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ApiErrorBody, Text } from '@cogni/domain';

/** Seconds a client is told to wait before trying again (another instance, or this one restarted). */
const RETRY_AFTER_SECONDS = 2;

type FetchHandler = (request: Request, ...rest: never[]) => Response | Promise<Response>;

export type HttpDrain = {
  /**
   * Wraps the app: once draining, every new request gets a 503 without reaching the app, and so
   * does every request beyond `maxInFlight` running at once (but the health check).
   */
  guard<F extends FetchHandler>(fetch: F): F;
  /** Counts the server's requests from their headers to the end of their response. */
  track(server: Pick<Server, 'on'>): void;
  /**
   * Starts draining and resolves once no request is in flight (true), or after `timeoutMs`
   * with some still running (false).
   */
  drain(timeoutMs: number): Promise<boolean>;
  readonly isDraining: boolean;
};

/** Not shed when the server is busy: a load balancer must not take a busy server for a dead one. */
const HEALTH_PATH = '/api/health';

const unavailable = (text: Text) =>
  Response.json(
    {
      error: { code: 'UNAVAILABLE', message: text.message, messageId: text.id },
    } satisfies ApiErrorBody,
    {
      status: 503,
      headers: { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
    },
  );

export const BUSY_MESSAGE: Text = /*i18n*/ {
  id: 'errors.serverBusy',
  message: 'The server is busy. Please try again in a moment.',
};
const RESTARTING: Text = /*i18n*/ {
  id: 'errors.serverRestarting',
  message: 'The server is restarting. Please try again.',
};

/**
 * Graceful shutdown for one HTTP server (ADR 011). While in-flight requests finish, the port
 * stays open and new requests are answered 503 with Retry-After: a refused connection would look
 * like a crash to a client, a 503 says "come back" and a load balancer's health check sees it.
 * Every response from then on closes its connection, so keep-alive clients reconnect elsewhere.
 *
 * Load shedding (ADR 020): past `maxInFlight` requests at once, a new one is answered 503 at
 * once instead of joining the queue for the database. Without it an overloaded server keeps
 * every request waiting, its clients time out and send them again on top, and it catches up long
 * after the load falls; with it the requests it takes stay fast, and the rest come back after a
 * backoff (the browser's outbox keeps their trials meanwhile).
 * `onShed` hears of each shed request.
 */
export function createHttpDrain(
  options: { maxInFlight?: number; onShed?: (inFlight: number) => void } = {},
): HttpDrain {
  const { maxInFlight = Number.POSITIVE_INFINITY, onShed } = options;
  const inFlight = new Set<ServerResponse>();
  let isDraining = false;
  let onIdle: (() => void) | null = null;

  return {
    guard<F extends FetchHandler>(fetch: F): F {
      return ((request: Request, ...rest: never[]) => {
        if (isDraining) return unavailable(RESTARTING);
        // This request is not counted yet: the count starts once the app's listener returns.
        if (inFlight.size >= maxInFlight && new URL(request.url).pathname !== HEALTH_PATH) {
          onShed?.(inFlight.size);
          return unavailable(BUSY_MESSAGE);
        }
        return fetch(request, ...rest);
      }) as F;
    },
    track(server) {
      server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
        inFlight.add(response);
        if (isDraining) response.shouldKeepAlive = false;
        response.once('close', () => {
          inFlight.delete(response);
          if (isDraining && inFlight.size === 0) onIdle?.();
        });
      });
    },
    drain(timeoutMs) {
      isDraining = true;
      for (const response of inFlight) {
        if (!response.headersSent) response.shouldKeepAlive = false;
      }
      if (inFlight.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        onIdle = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    },
    get isDraining() {
      return isDraining;
    },
  };
}
