import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient, parseHead, readChunked } from './http-client';

/** What the server saw of each request. */
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

describe('the load generator’s HTTP client, against node:http’s server', () => {
  const seen: Seen[] = [];
  const sockets = new Set<unknown>();
  let server: http.Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      sockets.add(req.socket);
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        const url = req.url ?? '';
        if (url === '/length') {
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ saved: true, echo: body }));
        } else if (url === '/chunked') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"parts":');
          setTimeout(() => res.end('["one","two"]}'), 5);
        } else if (url === '/gzip') {
          res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
          const zipped = gzipSync(JSON.stringify({ zipped: 'ü'.repeat(500) }));
          res.write(zipped.subarray(0, 10));
          setTimeout(() => res.end(zipped.subarray(10)), 5);
        } else if (url === '/cookie') {
          res.setHeader('set-cookie', ['cogni_session=abc; HttpOnly; Path=/', 'other=1']);
          res.end('{}');
        } else if (url === '/no-content') {
          res.writeHead(204);
          res.end();
        } else if (url === '/close') {
          res.writeHead(503, { connection: 'close', 'content-type': 'text/plain' });
          res.end('closing');
        } else {
          res.writeHead(404);
          res.end('no such route');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends what the browser sends and reads a body of known length', async () => {
    const client = createHttpClient(baseUrl);
    const reply = await client.request('PUT', '/length', { cookie: 'c=1', body: '{"é":1}' });
    expect(reply).toMatchObject({ status: 201, body: '{"saved":true,"echo":"{\\"é\\":1}"}' });
    expect(reply.ms).toBeGreaterThan(0);
    expect(seen.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/length',
      body: '{"é":1}',
      headers: {
        origin: baseUrl,
        cookie: 'c=1',
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength('{"é":1}')),
        'accept-encoding': 'gzip',
      },
    });
    client.close();
  });

  it('reads chunked and gzipped bodies that arrive in pieces, the cookie, and an empty 204', async () => {
    const client = createHttpClient(baseUrl);
    expect((await client.request('GET', '/chunked')).body).toBe('{"parts":["one","two"]}');
    expect(JSON.parse((await client.request('GET', '/gzip')).body)).toEqual({
      zipped: 'ü'.repeat(500),
    });
    expect((await client.request('POST', '/cookie', { body: '{}' })).setCookie).toBe(
      'cogni_session=abc',
    );
    expect(await client.request('GET', '/no-content')).toMatchObject({ status: 204, body: '' });
    client.close();
  });

  it('keeps one connection for requests one after another, and more for requests at once', async () => {
    const client = createHttpClient(baseUrl);
    sockets.clear();
    for (let i = 0; i < 5; i++) await client.request('GET', '/length');
    expect(sockets.size).toBe(1);
    sockets.clear();
    const replies = await Promise.all([1, 2, 3].map(() => client.request('GET', '/chunked')));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(sockets.size).toBe(3);
    client.close();
  });

  it('opens a new connection after the server closes one, and sends again once if it was idle', async () => {
    const client = createHttpClient(baseUrl);
    expect((await client.request('GET', '/close')).status).toBe(503);
    expect((await client.request('GET', '/length')).status).toBe(201);
    // The server drops the idle connection without a word (its keep-alive timeout, a restart).
    for (const socket of sockets) (socket as import('node:net').Socket).destroy();
    sockets.clear();
    expect((await client.request('GET', '/length')).status).toBe(201);
    client.close();
  });

  it('answers status 0 when nobody answers', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const client = createHttpClient(url);
    expect(await client.request('GET', '/length')).toMatchObject({ status: 0, body: '' });
    client.close();
  });

  it('waits for the whole head and the last chunk', () => {
    expect(parseHead(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n'))).toBeNull();
    const head = parseHead(Buffer.from('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}'));
    expect(head).toMatchObject({ status: 200, contentLength: 2, bodyStart: 38 });
    const chunked = Buffer.from('3\r\nabc\r\n2;ext=1\r\nde\r\n0\r\n\r\n');
    expect(readChunked(chunked.subarray(0, 20), 0)).toBeNull();
    expect(readChunked(chunked, 0)?.toString()).toBe('abcde');
  });
});
