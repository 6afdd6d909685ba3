import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/test-app';
import { MAX_BODY_BYTES } from './body-limit';

type Reply = { status: number; body: { error?: { code: string; message: string } } };

/**
 * Bodies are read straight from Node's request under the real server (read-body.ts), a path
 * in-process requests never take; so these go over a socket to the app served by
 * @hono/node-server, as in production.
 */
describe('request bodies under the Node server', () => {
  let t: TestContext;
  let server: ReturnType<typeof serve>;
  let port: number;
  const account = { email: 'ada@example.com', password: 'correct horse battery staple' };

  beforeAll(async () => {
    t = await createTestContext('pglite');
    await t.signUp(account);
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  /** Sends `chunks` as the body, with a Content-Length unless `chunked`. */
  function post(path: string, chunks: (string | Buffer)[], chunked = false): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const length = chunks.reduce((sum, c) => sum + Buffer.byteLength(c), 0);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: {
            origin: `http://127.0.0.1:${port}`,
            'content-type': 'application/json',
            ...(chunked ? {} : { 'content-length': String(length) }),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  }

  it('reads a body sent in several pieces', async () => {
    const text = JSON.stringify(account);
    const reply = await post('/api/auth/login', [
      text.slice(0, 5),
      text.slice(5, 17),
      text.slice(17),
    ]);
    expect(reply.status).toBe(200);
  });

  it('drops a byte-order mark and decodes UTF-8 split across pieces, as fetch does', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ ...account, email: 'ädä@example.com' })),
    ]);
    // The split falls inside the two bytes of "ä".
    const reply = await post('/api/auth/login', [bytes.subarray(0, 15), bytes.subarray(15)]);
    expect(reply.status).toBe(401);
    expect(reply.body.error?.code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 to a body that is not JSON', async () => {
    const reply = await post('/api/auth/login', ['{"email":']);
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toBe('Request body must be valid JSON');
  });

  it('answers 413 to a declared length over the limit, and to a chunked body that grows past it', async () => {
    const big = JSON.stringify({
      errorType: 'RENDER_ERROR',
      errorMessage: 'x'.repeat(MAX_BODY_BYTES),
    });
    for (const chunked of [false, true]) {
      const reply = await post('/api/error-logs', [big.slice(0, 1000), big.slice(1000)], chunked);
      expect(reply.status).toBe(413);
      expect(reply.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
    }
    // And the server goes on serving.
    expect((await post('/api/auth/login', [JSON.stringify(account)])).status).toBe(200);
  });

  it('survives a client that leaves halfway through its body', async () => {
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        path: '/api/auth/login',
        method: 'POST',
        headers: {
          origin: `http://127.0.0.1:${port}`,
          'content-type': 'application/json',
          'content-length': '500',
        },
      });
      req.on('error', () => resolve());
      req.write('{"email":"ada@example.com",');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    expect((await post('/api/auth/login', [JSON.stringify(account)])).status).toBe(200);
  });
});
