import http from 'node:http';
import { gunzipSync } from 'node:zlib';

/** A request with no answer after this long counts as an error. */
const REQUEST_TIMEOUT_MS = 30_000;

export type Reply = {
  /** 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  body: string;
  setCookie: string | undefined;
  /** From the request being written until its whole body arrived. */
  ms: number;
};

/**
 * JSON over HTTP/1.1 with keep-alive, as the browser sends it: Origin of the server, the
 * session cookie, gzip accepted. node:http rather than fetch: the generator shares two cores
 * with the server and the database, and fetch's streams cost it several times more per request.
 */
export function createHttpClient(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  // LIFO reuses the most recent idle socket, so connections stay few and warm.
  const agent = new http.Agent({
    keepAlive: true,
    maxSockets: Number.POSITIVE_INFINITY,
    scheduling: 'lifo',
  });

  function request(
    method: string,
    path: string,
    options: { cookie?: string; body?: string } = {},
    isRetry = false,
  ): Promise<Reply> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = {
        origin: baseUrl,
        'accept-encoding': 'gzip',
      };
      if (options.cookie) headers.cookie = options.cookie;
      if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(options.body));
      }
      const started = performance.now();
      const failed = () =>
        resolve({ status: 0, body: '', setCookie: undefined, ms: performance.now() - started });
      const req = http.request(
        { hostname, port, method, path, headers, agent, timeout: REQUEST_TIMEOUT_MS },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', failed);
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
            resolve({
              status: res.statusCode ?? 0,
              body: body.toString(),
              setCookie: res.headers['set-cookie']?.[0]?.split(';')[0],
              ms: performance.now() - started,
            });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error: NodeJS.ErrnoException) => {
        // The server closed an idle keep-alive connection just as this request went out on it.
        // Browsers send the request again on a new connection without telling anyone; so do we
        // (the pattern Node's documentation gives for `reusedSocket`).
        if (!isRetry && req.reusedSocket && error.code === 'ECONNRESET') {
          resolve(request(method, path, options, true));
          return;
        }
        failed();
      });
      req.end(options.body);
    });
  }

  return { request, close: () => agent.destroy() };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
