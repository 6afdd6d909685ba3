import net from 'node:net';
import { gunzipSync } from 'node:zlib';

/** A request with no answer after this long counts as an error. */
const REQUEST_TIMEOUT_MS = 30_000;

export type Reply = {
  /** 0 when no answer came (connection refused or reset, timeout, an answer we cannot read). */
  status: number;
  body: string;
  setCookie: string | undefined;
  /** From the request being written until its whole body arrived. */
  ms: number;
};

type Method = 'GET' | 'POST' | 'PUT';

/** What a response's head says about reading its body. */
type Head = {
  status: number;
  contentLength: number | null;
  isChunked: boolean;
  isGzip: boolean;
  isClose: boolean;
  setCookie: string | undefined;
  /** Where the body starts in the bytes received. */
  bodyStart: number;
};

const HEAD_END = Buffer.from('\r\n\r\n');

/** The status line and headers, once they have all arrived; null until then. */
export function parseHead(received: Buffer): Head | null {
  const end = received.indexOf(HEAD_END);
  if (end === -1) return null;
  const lines = received.toString('latin1', 0, end).split('\r\n');
  const status = Number((lines[0] ?? '').split(' ')[1]);
  const head: Head = {
    status: Number.isInteger(status) ? status : 0,
    contentLength: null,
    isChunked: false,
    isGzip: false,
    isClose: false,
    setCookie: undefined,
    bodyStart: end + HEAD_END.length,
  };
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') head.contentLength = Number(value);
    else if (name === 'transfer-encoding') head.isChunked = /chunked/i.test(value);
    else if (name === 'content-encoding') head.isGzip = /gzip/i.test(value);
    else if (name === 'connection') head.isClose = /close/i.test(value);
    else if (name === 'set-cookie' && head.setCookie === undefined) {
      head.setCookie = value.split(';')[0];
    }
  }
  return head;
}

/**
 * The body of a chunked response once its last chunk has arrived; null until then.
 * Chunk extensions and trailers are allowed and ignored.
 */
export function readChunked(received: Buffer, start: number): Buffer | null {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = received.indexOf('\r\n', at);
    if (lineEnd === -1) return null;
    const size = Number.parseInt(received.toString('latin1', at, lineEnd).split(';')[0] ?? '', 16);
    if (Number.isNaN(size)) throw new Error('bad chunk size');
    if (size === 0) {
      // The last chunk, then trailers (if any), then an empty line.
      const trailersEnd = received.indexOf(HEAD_END, lineEnd);
      const isBareEnd = received.indexOf('\r\n', lineEnd + 2) === lineEnd + 2;
      if (!isBareEnd && trailersEnd === -1) return null;
      return Buffer.concat(parts);
    }
    const dataStart = lineEnd + 2;
    if (received.length < dataStart + size + 2) return null;
    parts.push(received.subarray(dataStart, dataStart + size));
    at = dataStart + size + 2;
  }
}

/**
 * JSON over HTTP/1.1 with keep-alive, as the browser sends it: Origin of the server, the
 * session cookie, gzip accepted, one request at a time on each connection.
 *
 * Written on bare sockets, as wrk and autocannon are: the generator shares two cores with the
 * server and PostgreSQL, and every microsecond it spends is one the server does not get; it
 * costs less CPU per trial save than node:http or undici (ADR 017). It reads what our server
 * sends (a length or chunks, gzip or not) and is tested against node:http's server
 * (http-client.test.ts).
 */
export function createHttpClient(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const fixedHeaders = `Host: ${hostname}:${port}\r\nOrigin: ${baseUrl}\r\nAccept-Encoding: gzip\r\n`;
  /** Connections with nothing in flight; the most recently used is reused first. */
  const idle: net.Socket[] = [];
  const open = new Set<net.Socket>();

  function connect(): net.Socket {
    const socket = net.connect(Number(port), hostname);
    socket.setNoDelay(true);
    open.add(socket);
    // An idle connection the server closes (its keep-alive timeout) is simply dropped.
    socket.on('close', () => {
      open.delete(socket);
      const at = idle.indexOf(socket);
      if (at !== -1) idle.splice(at, 1);
    });
    socket.on('error', () => {});
    return socket;
  }

  function send(
    method: Method,
    path: string,
    options: { cookie?: string; body?: string },
    isRetry: boolean,
  ): Promise<Reply> {
    const reused = idle.pop();
    const socket = reused ?? connect();
    let request = `${method} ${path} HTTP/1.1\r\n${fixedHeaders}`;
    if (options.cookie) request += `Cookie: ${options.cookie}\r\n`;
    if (options.body !== undefined) {
      request += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(options.body)}\r\n`;
    }
    request += `\r\n${options.body ?? ''}`;

    return new Promise<Reply>((resolve) => {
      const started = performance.now();
      let received: Buffer = Buffer.alloc(0);
      let head: Head | null = null;
      let isDone = false;

      const finish = (reply: Reply | 'retry', keep: boolean) => {
        if (isDone) return;
        isDone = true;
        clearTimeout(timer);
        socket.off('data', onData);
        socket.off('close', onClose);
        if (keep) idle.push(socket);
        else socket.destroy();
        if (reply === 'retry') resolve(send(method, path, options, true));
        else resolve(reply);
      };
      const fail = () =>
        finish(
          { status: 0, body: '', setCookie: undefined, ms: performance.now() - started },
          false,
        );
      /** Answers with the body, if it is all there (null: wait for more). */
      const answer = (h: Head, raw: Buffer | null, keep: boolean) => {
        if (!raw) return;
        const body = (h.isGzip ? gunzipSync(raw) : raw).toString();
        const ms = performance.now() - started;
        finish({ status: h.status, body, setCookie: h.setCookie, ms }, keep);
      };
      /** The body, once it has all arrived; null until then. */
      const readBody = (h: Head): Buffer | null => {
        // No body, whatever the headers say (RFC 9112 section 6.3).
        if (h.status === 204 || h.status === 304) return Buffer.alloc(0);
        if (h.isChunked) return readChunked(received, h.bodyStart);
        if (h.contentLength === null) return null; // Until the server closes (onClose).
        const end = h.bodyStart + h.contentLength;
        return received.length >= end ? received.subarray(h.bodyStart, end) : null;
      };

      const onData = (chunk: Buffer) => {
        received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
        try {
          head ??= parseHead(received);
          if (head) answer(head, readBody(head), !head.isClose);
        } catch {
          fail();
        }
      };
      const onClose = () => {
        try {
          if (head && !head.isChunked && head.contentLength === null) {
            answer(head, received.subarray(head.bodyStart), false);
          }
        } catch {
          fail();
        }
        // The server closed an idle keep-alive connection just as this request went out on
        // it. Browsers send the request again on a new connection without telling anyone; so
        // do we (once).
        if (reused && !isRetry && received.length === 0) finish('retry', false);
        else fail();
      };
      const timer = setTimeout(fail, REQUEST_TIMEOUT_MS);
      socket.on('data', onData);
      socket.on('close', onClose);
      socket.write(request);
    });
  }

  return {
    request: (
      method: Method,
      path: string,
      options: { cookie?: string; body?: string } = {},
    ): Promise<Reply> => send(method, path, options, false),
    close: () => {
      for (const socket of open) socket.destroy();
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
