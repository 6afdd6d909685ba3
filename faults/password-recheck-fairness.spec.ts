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
import { createTestDatabase, TEST_DATABASE_KINDS } from '../apps/server/src/testing/test-database';

const p99 = (sorted: number[]) => sorted[Math.max(0, Math.ceil(0.99 * sorted.length) - 1)] ?? 0;

// A real server process, so hashing runs at full cost as in production: at the test cost a
// flood of checks would hardly be felt, and the test would prove nothing.
describe.each(TEST_DATABASE_KINDS)('a flood of current-password checks on %s', (kind) => {
  const cleanups: (() => unknown)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("leaves other people's logins as fast as before: one user, 40 parallel loops of wrong passwords", async () => {
    const env: Record<string, string> = { PORT: String(await getFreePort()) };
    if (kind === 'postgres') {
      const database = await createTestDatabase('postgres');
      cleanups.push(() => database.close());
      env.DATABASE_URL = database.url ?? '';
    } else {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-recheck-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      env.DATA_DIR = dataDir;
    }
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
      tag: kind,
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
    expect(p99(result.flood)).toBeLessThanOrEqual(2 * p99(result.quiet));
  }, 120_000);
});
