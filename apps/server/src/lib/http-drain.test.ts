import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { BUSY_MESSAGE, createHttpDrain } from './http-drain';

describe('createHttpDrain', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  /** A server whose /slow answers once `release` is called. */
  async function start(options: Parameters<typeof createHttpDrain>[0] = {}) {
    const drain = createHttpDrain(options);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetch = async (request: Request) => {
      if (new URL(request.url).pathname === '/slow') await released;
      return new Response('done');
    };
    server = serve({ fetch: drain.guard(fetch), port: 0, hostname: '127.0.0.1' }) as Server;
    drain.track(server);
    await new Promise((resolve) => server?.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    return { drain, release, origin: `http://127.0.0.1:${port}` };
  }

  it('lets in-flight requests finish, answers 503 to new ones, and resolves when idle', async () => {
    const { drain, release, origin } = await start();
    const slow = fetch(`${origin}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const drained = drain.drain(5000);
    const refused = await fetch(`${origin}/fast`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    release();
    expect(await (await slow).text()).toBe('done');
    expect(await drained).toBe(true);
  });

  it('gives up after the timeout while a request is still running', async () => {
    const { drain, release, origin } = await start();
    const slow = fetch(`${origin}/slow`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await drain.drain(50)).toBe(false);
    release();
    await slow;
  });

  it('answers 503 at once beyond maxInFlight requests, but the health check, and takes more when some finish', async () => {
    const shed: number[] = [];
    const { release, origin } = await start({
      maxInFlight: 2,
      onShed: (inFlight) => shed.push(inFlight),
    });
    const slow = [fetch(`${origin}/slow`), fetch(`${origin}/slow`)];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await fetch(`${origin}/api/results`, { method: 'PUT', body: '{}' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toEqual({
      error: { code: 'UNAVAILABLE', message: BUSY_MESSAGE.message, messageId: BUSY_MESSAGE.id },
    });
    expect(shed).toEqual([2]);
    // A load balancer asking whether the server is alive gets through.
    expect(await (await fetch(`${origin}/api/health`)).text()).toBe('done');
    release();
    expect(await Promise.all(slow.map(async (answer) => (await answer).text()))).toEqual([
      'done',
      'done',
    ]);
    const accepted = await fetch(`${origin}/api/results`);
    expect(accepted.status).toBe(200);
    expect(shed).toHaveLength(1);
  });
});
