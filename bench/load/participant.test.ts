import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BACKOFF_BASE_MS } from '@cogni/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './http-client';
import { emptyMetrics } from './metrics';
import { Participant } from './participant';

/** A server that answers every request 503, and the times its requests arrived. */
async function startBusyServer() {
  const arrivals: number[] = [];
  const server = http.createServer((_req, res) => {
    arrivals.push(performance.now());
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end('{"error":{"code":"UNAVAILABLE","message":"busy"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, arrivals, baseUrl: `http://127.0.0.1:${port}` };
}

describe('a load participant whose requests fail', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('waits as the browser outbox does, and stops at once in the middle of a wait', async () => {
    // The longest draw: 500 ms, then 1 s, 2 s... (full jitter below a doubling ceiling).
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    const { server, arrivals, baseUrl } = await startBusyServer();
    const client = createHttpClient(baseUrl);
    const metrics = emptyMetrics();
    const account = { email: 'load-0@bench.test', password: 'irrelevant' };
    const participant = new Participant(
      client,
      { kind: 'user', account },
      'ours',
      () => metrics,
      0,
    );
    try {
      await vi.waitFor(() => expect(arrivals.length).toBe(3), { timeout: 5000 });
      const [first = 0, second = 0, third = 0] = arrivals;
      const firstWait = second - first;
      expect(firstWait).toBeGreaterThanOrEqual(BACKOFF_BASE_MS * 0.95);
      // The ceiling doubled: the second wait is about 500 ms longer than the first.
      expect(third - second - firstWait).toBeGreaterThanOrEqual(BACKOFF_BASE_MS * 0.8);
      // The third failure's wait is about 2 s; stopping must not sit it out.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const stoppedAt = performance.now();
      participant.stop();
      await participant.done;
      expect(performance.now() - stoppedAt).toBeLessThan(500);
      expect(arrivals).toHaveLength(3);
      expect(metrics.errorsByStatus).toEqual({ 503: 3 });
    } finally {
      participant.stop();
      client.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
