import { once } from 'node:events';
import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseConfig } from '../env';
import { createLogger } from '../lib/logger';
import { DEFAULT_USER, TestClient } from '../testing/test-app';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../testing/test-database';
import { type Database, openPostgres } from './client';
import { errorLogs } from './schema';

const SHORT = { connectMs: 800, statementMs: 1_000, queryMs: 1_500 };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listen(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A TCP proxy to PostgreSQL that can stop passing bytes both ways without closing anything:
 * what a network partition or a hung server looks like from our side (no reset, no answer).
 */
async function startFreezableProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let isFrozen = false;
  /** Bytes held while frozen, per destination, sent on thaw in the order they came. */
  const held = new Map<Socket, Buffer[]>();
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk: Buffer) => {
      if (!isFrozen) {
        to.write(chunk);
        return;
      }
      held.set(to, [...(held.get(to) ?? []), chunk]);
    });
  };
  const server = createServer((client) => {
    const upstream = tcpConnect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    forward(client, upstream);
    forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await listen(server);
  cleanups.push(async () => {
    for (const socket of sockets) socket.destroy();
  });
  return {
    port,
    freeze: () => {
      isFrozen = true;
    },
    thaw: () => {
      isFrozen = false;
      for (const [to, chunks] of held) for (const chunk of chunks) to.write(chunk);
      held.clear();
    },
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('PostgreSQL that stops answering', () => {
  it('fails to open within the connect timeout when the server accepts and never answers', async () => {
    const held: Socket[] = [];
    const silent = createServer((socket) => {
      held.push(socket);
    });
    const port = await listen(silent);
    cleanups.push(async () => {
      for (const socket of held) socket.destroy();
    });
    const { value: error, ms } = await timed(() =>
      openPostgres(`postgres://postgres@127.0.0.1:${port}/cogni`, { timeouts: SHORT }).catch(
        (e: unknown) => e as Error,
      ),
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/timeout/i);
    expect(ms).toBeLessThan(SHORT.connectMs + 2_000);
  });

  describe.skipIf(!TEST_DATABASE_KINDS.includes('postgres'))('on a real server', () => {
    async function openThroughProxy() {
      const base = await createTestDatabase('postgres');
      cleanups.push(() => base.close());
      const url = new URL(base.url ?? '');
      const proxy = await startFreezableProxy({ host: url.hostname, port: Number(url.port) });
      url.host = `127.0.0.1:${proxy.port}`;
      const database: Database = await openPostgres(url.toString(), {
        poolMax: 2,
        timeouts: SHORT,
      });
      cleanups.push(() => database.close());
      return { database, proxy, directUrl: base.url ?? '' };
    }

    /** A client of the app on this database, signed in as a new user. */
    async function signedInClient(database: Database) {
      const client = new TestClient(
        createApp({
          db: database.db,
          now: () => new Date(),
          config: parseConfig({}),
          logger: createLogger('silent'),
        }),
      );
      expect((await client.post('/api/auth/register', DEFAULT_USER)).status).toBe(201);
      const { email, password } = DEFAULT_USER;
      expect((await client.post('/api/auth/login', { email, password })).status).toBe(200);
      return client;
    }

    it('answers 503 within the timeouts while the connection is cut, and serves again after', async () => {
      const { database, proxy } = await openThroughProxy();
      const client = await signedInClient(database);
      expect((await client.get('/api/me')).status).toBe(200);

      proxy.freeze();
      // Both the pool's open connections (no answer) and new ones (no handshake) hang.
      for (let i = 0; i < 3; i++) {
        const { value: response, ms } = await timed(() => client.get('/api/me'));
        expect(response.status).toBe(503);
        expect(response.headers.get('retry-after')).toBe('2');
        expect(response.body).toMatchObject({ error: { code: 'UNAVAILABLE' } });
        expect(ms).toBeLessThan(SHORT.queryMs + 2_000);
      }

      proxy.thaw();
      const { value: after, ms } = await timed(() => client.get('/api/me'));
      expect(after.status).toBe(200);
      expect(ms).toBeLessThan(SHORT.connectMs);
    });

    it('drops a connection whose transaction got no answer, so the pool never hands it out again', async () => {
      const { database, proxy } = await openThroughProxy();
      const cut = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 as one`);
        proxy.freeze();
        await tx.execute(sql`select 2 as two`);
      });
      const { value: error, ms } = await timed(() => cut.catch((e: unknown) => e as Error));
      expect(error).toBeInstanceOf(Error);
      // No answer, then the rollback on the closed connection fails at once.
      expect(ms).toBeLessThan(SHORT.queryMs + 1_000);
      proxy.thaw();
      // More transactions and statements than the pool has connections, each answered at once:
      // none of them lands on the dead one.
      for (let i = 0; i < 4; i++) {
        const { ms: took } = await timed(async () => {
          await database.db.transaction((tx) => tx.execute(sql`select 1 as one`));
          await database.db.execute(sql`select 1 as one`);
        });
        expect(took).toBeLessThan(SHORT.queryMs);
      }
    });

    it('gives back the connections of transactions whose begin got no answer', async () => {
      const { database, proxy } = await openThroughProxy();
      // Both of the pool's connections open and idle, so the transactions get them at once.
      await Promise.all([1, 2].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      proxy.freeze();
      const cut = await Promise.all(
        [1, 2].map(() =>
          database.db
            .transaction((tx) => tx.execute(sql`select 1 as one`))
            .then(
              () => null,
              (e: unknown) => e,
            ),
        ),
      );
      expect(cut.map((error) => (error as { cause?: Error })?.cause?.message)).toEqual([
        'Query read timeout',
        'Query read timeout',
      ]);
      proxy.thaw();
      // Drizzle never released them: without releaseFailedConnections the pool would count both
      // as in use for good, and every later wait for a connection would time out.
      for (let i = 0; i < 4; i++) {
        const { ms } = await timed(() =>
          database.db.transaction((tx) => tx.execute(sql`select 1 as one`)),
        );
        expect(ms).toBeLessThan(SHORT.connectMs);
      }
    });

    it('has PostgreSQL end a statement that runs past the statement timeout', async () => {
      const { database } = await openThroughProxy();
      const error = await database.db.execute(sql`select pg_sleep(3)`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      const cause = (error as { cause?: { code?: string } }).cause ?? error;
      expect(cause).toMatchObject({ code: '57014' });
      // And the next statement is answered.
      await expect(database.db.execute(sql`select 1 as one`)).resolves.toBeDefined();
    });

    it('answers 503 to a statement ended at the statement timeout, and records it for admins', async () => {
      const { database, directUrl } = await openThroughProxy();
      const client = await signedInClient(database);

      // Another connection holds a lock on the sessions, so reading one waits past the timeout.
      const holder = new pg.Client({ connectionString: directUrl });
      await holder.connect();
      cleanups.push(() => holder.end());
      await holder.query('begin');
      await holder.query('lock table auth_sessions in access exclusive mode');
      const { value: response, ms } = await timed(() => client.get('/api/me'));
      await holder.query('rollback');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
      expect(ms).toBeLessThan(SHORT.statementMs + 1_500);

      expect(await database.db.select().from(errorLogs)).toMatchObject([
        {
          errorType: 'SERVER_ERROR',
          errorMessage: 'canceling statement due to statement timeout',
          context: { method: 'GET', path: '/api/me' },
        },
      ]);
      expect((await client.get('/api/me')).status).toBe(200);
    });
  });
});
