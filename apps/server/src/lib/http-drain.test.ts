import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpDrain } from './http-drain';

describe('createHttpDrain', () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  /** A server whose /slow answers once `release` is called. */
  async function start() {
    const drain = createHttpDrain();
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
});
