import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { ApiErrorBody } from '@cogni/domain';

/** Seconds a client is told to wait before trying again (another instance, or this one restarted). */
const RETRY_AFTER_SECONDS = 2;

type FetchHandler = (request: Request, ...rest: never[]) => Response | Promise<Response>;

export type HttpDrain = {
  /** Wraps the app: once draining, every new request gets a 503 without reaching the app. */
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

/**
 * Graceful shutdown for one HTTP server (ADR 011). While in-flight requests finish, the port
 * stays open and new requests are answered 503 with Retry-After: a refused connection would look
 * like a crash to a client, a 503 says "come back" and a load balancer's health check sees it.
 * Every response from then on closes its connection, so keep-alive clients reconnect elsewhere.
 */
export function createHttpDrain(): HttpDrain {
  const inFlight = new Set<ServerResponse>();
  let isDraining = false;
  let onIdle: (() => void) | null = null;

  const unavailable: ApiErrorBody = {
    error: { code: 'UNAVAILABLE', message: 'The server is restarting. Please try again.' },
  };

  return {
    guard<F extends FetchHandler>(fetch: F): F {
      return ((request: Request, ...rest: never[]) =>
        isDraining
          ? Response.json(unavailable, {
              status: 503,
              headers: { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
            })
          : fetch(request, ...rest)) as F;
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
