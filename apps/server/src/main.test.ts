import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { runCreateAdmin } from './cli/create-admin';
import { getFreePort, spawnServer, waitForListening } from './testing/spawn-server';
import { createTestDatabase, TEST_DATABASE_KINDS } from './testing/test-database';

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
    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    // Over a real socket too, compressed or not, an API answer is never cached (ASVS 14.3.2).
    expect(health.headers.get('cache-control')).toBe('no-store');
    const plain = await fetch(`${origin}/api/session`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('cache-control')).toBe('no-store');
    // An idle connection outlives a load balancer's 60 s, and a participant's pauses.
    expect(health.headers.get('keep-alive')).toBe('timeout=65');
    // Connections waiting to be accepted: a listening socket's Send-Q (the kernel caps it at
    // net.core.somaxconn, 4,096 by default since Linux 5.4).
    const listening = spawnSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' });
    if (listening.status === 0) {
      const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
      const backlog = Number(listening.stdout.trim().split(/\s+/)[2]);
      expect(backlog).toBe(Math.min(4096, somaxconn));
    }

    const second = spawnServer({ PORT: String(await getFreePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output().trim()).toBe(
      `The embedded database in DATA_DIR ${dataDir} is in use by process ${server.child.pid}, and only one process may open it at a time. Stop that process first, or give this one another DATA_DIR (or a DATABASE_URL). If no Cogni process is running, delete ${path.join(dataDir, 'cogni.lock')}.`,
    );

    // A request whose body is only half sent is certainly in flight when SIGTERM arrives;
    // the server must wait for the rest of it, answer, and only then exit.
    const body = JSON.stringify({
      email: 'drain@example.com',
      password: 'finish me before you stop',
      firstName: 'In',
      lastName: 'Flight',
    });
    const response = new Promise<number>((resolve, reject) => {
      const req = request(`${origin}/api/auth/register`, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 1000);
      }, 300);
    });
    // While it drains, a new request is told to come back rather than refused or served.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const during = await fetch(`${origin}/api/health`);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('2');
    expect(await during.json()).toMatchObject({ error: { code: 'UNAVAILABLE' } });
    expect(await response).toBe(201);
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

  it.runIf(TEST_DATABASE_KINDS.includes('postgres'))(
    'starts on PostgreSQL from DATABASE_URL, applying the migrations, and stops cleanly',
    async () => {
      const database = await createTestDatabase('postgres');
      // An empty database: drop what the helper migrated, so the server must migrate it itself.
      await database.db.execute(sql`drop schema public cascade`);
      await database.db.execute(sql`drop schema if exists drizzle cascade`);
      await database.db.execute(sql`create schema public`);
      const port = await getFreePort();
      const server = spawnServer({ PORT: String(port), DATABASE_URL: database.url ?? '' });
      try {
        await waitForListening(server);
        expect(server.output()).toMatch(/"database":"postgres"/);
        const origin = `http://localhost:${port}`;
        const res = await fetch(`${origin}/api/auth/register`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({
            email: 'pg@example.com',
            password: 'postgres passphrase',
            firstName: 'Pg',
            lastName: 'User',
          }),
        });
        expect(res.status).toBe(201);
        server.child.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      } finally {
        server.child.kill('SIGKILL');
        await database.close();
      }
    },
    60_000,
  );

  it('on a fresh data folder logs a one-time setup link, and the CLI creates an admin through the running server', async () => {
    const freshDir = mkdtempSync(path.join(tmpdir(), 'cogni-setup-'));
    const port = await getFreePort();
    const server = spawnServer({ PORT: String(port), DATA_DIR: freshDir });
    try {
      await waitForListening(server);
      const origin = `http://localhost:${port}`;
      await vi.waitFor(() => expect(server.output()).toMatch(/No admin yet/), { timeout: 10_000 });
      const link = server
        .output()
        .match(/open (http:\/\/localhost:\d+\/setup\/([\w-]+)) to create/);
      if (!link?.[1] || !link[2]) throw new Error(`no setup link in:\n${server.output()}`);
      expect(link[1]).toBe(`${origin}/setup/${link[2]}`);
      expect((await fetch(`${origin}/api/setup/${link[2]}`)).status).toBe(200);
      // The link is a page of the web app, answered as any other (503 where it is not built).
      expect((await fetch(link[1])).status).toBe((await fetch(`${origin}/login`)).status);

      const lines: string[] = [];
      const code = await runCreateAdmin(
        ['--email', 'ops@example.com', '--first-name', 'Op', '--last-name', 'Erator'],
        { DATA_DIR: freshDir },
        {
          log: (line) => lines.push(line),
          error: (line) => lines.push(line),
          readPassword: async () => 'a long admin passphrase',
        },
      );
      expect(lines).toEqual(['Created admin account ops@example.com.']);
      expect(code).toBe(0);
      // An admin exists now: the link opens nothing, and the admin logs in.
      expect((await fetch(`${origin}/api/setup/${link[2]}`)).status).toBe(404);
      const login = await fetch(`${origin}/api/auth/login`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ops@example.com', password: 'a long admin passphrase' }),
      });
      expect(await login.json()).toMatchObject({ user: { role: 'admin', mustSetUpTotp: false } });
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(freshDir, { recursive: true, force: true });
    }
    // Stopped, the server leaves no socket behind; the CLI opens the database itself again.
    expect(existsSync(path.join(freshDir, 'cogni-admin.sock'))).toBe(false);
  }, 120_000);
});
