import { gunzipSync } from 'node:zlib';
import { errors, Pool } from 'undici';

/** A request with no answer after this long counts as an error. */
const REQUEST_TIMEOUT_MS = 30_000;

export type Reply = {
  /** 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  body: string;
  setCookie: string | undefined;
  /** From the request being sent until its whole body arrived. */
  ms: number;
};

/**
 * JSON over HTTP/1.1 with keep-alive, as the browser sends it: Origin of the server, the
 * session cookie, gzip accepted. undici's request API rather than node:http or fetch: the
 * generator shares two cores with the server and the database, and node:http's streams and
 * events cost it about twice as much per request (fetch's, several times more).
 */
export function createHttpClient(baseUrl: string) {
  // As many connections as there are requests out at once, each used by one at a time (as a
  // browser does over HTTP/1.1); idle ones are reused and closed by the server's keep-alive.
  const pool = new Pool(baseUrl, {
    connections: null,
    pipelining: 1,
    headersTimeout: REQUEST_TIMEOUT_MS,
    bodyTimeout: REQUEST_TIMEOUT_MS,
  });

  async function request(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { cookie?: string; body?: string } = {},
    isRetry = false,
  ): Promise<Reply> {
    const headers: Record<string, string> = { origin: baseUrl, 'accept-encoding': 'gzip' };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    try {
      const res = await pool.request({ method, path, headers, body: options.body });
      const raw = Buffer.from(await res.body.arrayBuffer());
      const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      const setCookie = res.headers['set-cookie'];
      return {
        status: res.statusCode,
        body: body.toString(),
        setCookie: (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0],
        ms: performance.now() - started,
      };
    } catch (error) {
      // The server closed an idle keep-alive connection just as this request went out on it.
      // Browsers send the request again on a new connection without telling anyone; so do we.
      if (!isRetry && error instanceof errors.SocketError) {
        return request(method, path, options, true);
      }
      return { status: 0, body: '', setCookie: undefined, ms: performance.now() - started };
    }
  }

  return { request, close: () => pool.destroy() };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
