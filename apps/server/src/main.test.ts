import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getFreePort, spawnServer, waitForListening } from './testing/spawn-server';

describe('the server process', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each([
    [{ PORT: 'abc' }, /PORT: must be a whole number/],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, /DATABASE_URL: must start with postgres/],
  ])('stops at start on bad configuration %o, naming the setting', async (env, message) => {
    const server = spawnServer(env);
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid configuration/);
    expect(server.output()).toMatch(message);
  });

  it('starts on a new embedded database, refuses a second process on it, and drains on SIGTERM', async () => {
    const port = await getFreePort();
    const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForListening(server);
    const origin = `http://localhost:${port}`;
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);

    const second = spawnServer({ PORT: String(await getFreePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/DATA_DIR .* is in use by process/);

    // Registration spends ~0.3 s hashing: SIGTERM arrives while it is in flight.
    const inFlight = fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'drain@example.com',
        password: 'finish me before you stop',
        firstName: 'In',
        lastName: 'Flight',
      }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(201);
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/"msg":"stopped"/);

    // The data survived the restart, and the lock was released.
    const again = spawnServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitForListening(again);
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'drain@example.com', password: 'finish me before you stop' }),
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 120_000);
});
