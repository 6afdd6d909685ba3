import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { measureRecheckFlood } from '../apps/server/src/testing/recheck-flood';
import {
  getFreePort,
  spawnServer,
  waitForListening,
} from '../apps/server/src/testing/spawn-server';
import { percentile } from '../bench/lib';

// A real server process, so hashing runs at full cost as in production: at the test cost a
// flood of checks would hardly be felt, and the test would prove nothing. On the embedded
// database only: what is shared is the server's hashing, the same whatever the database (the
// counting of wrong passwords has its tests on both, in routes/account.test.ts).
describe('a flood of current-password checks (pglite)', () => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("leaves other people's logins as fast as before: one user, 40 parallel loops of wrong passwords", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-recheck-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { PORT: String(await getFreePort()), DATA_DIR: dataDir };
    const server = spawnServer(env);
    cleanups.push(async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    });
    await waitForListening(server);

    const result = await measureRecheckFlood({
      baseUrl: `http://localhost:${env.PORT}`,
      floodUsers: 1,
      loopsPerUser: 40,
      quietLogins: 8,
      floodMs: 12_000,
      tag: 'pglite',
    });
    // Every login of the others went through, none was turned away as busy.
    expect(Object.keys(result.floodLoginStatuses)).toEqual(['200']);
    // The user's checks were answered at most one a second: at most ten wrong passwords (the
    // limit), then refusals; how many of the flood's 12 s that fills depends on the machine.
    const wrong = result.checkStatuses[400] ?? 0;
    const answered = wrong + (result.checkStatuses[429] ?? 0);
    expect(wrong).toBeGreaterThan(0);
    expect(wrong).toBeLessThanOrEqual(10);
    expect(
      Object.keys(result.checkStatuses).every((status) => ['400', '429'].includes(status)),
    ).toBe(true);
    expect(answered).toBeLessThanOrEqual(13);
    // Other people's logins as fast as without the flood: the median within 2x, and the slowest
    // (p99 of a few dozen logins is their slowest one) within 2x plus half a second, the margin
    // one login needs on a loaded two-core machine whatever the flood does.
    expect(percentile(result.flood, 0.5)).toBeLessThanOrEqual(2 * percentile(result.quiet, 0.5));
    expect(percentile(result.flood, 0.99)).toBeLessThanOrEqual(
      2 * percentile(result.quiet, 0.99) + 500,
    );
  }, 120_000);
});
