import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authSessions, users } from '../db/schema';
import { SIGN_INS_BUSY_MESSAGE } from '../lib/password';
import { createTestContext, DEFAULT_USER, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';
import { LOGINS_AT_ONCE, LOGINS_WAITING } from './auth';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const WAIT = { timeout: 10_000, interval: 20 };

// On PostgreSQL only: another connection holds the rate-limit table, so every login that reaches
// the database waits there, and how many do can be counted in pg_stat_activity. A third one
// counts them: inside the holder's transaction, pg_stat_activity would stay as it was at the
// transaction's first read of it (PostgreSQL keeps one snapshot of it per transaction).
describe.skipIf(!TEST_DATABASE_KINDS.includes('postgres'))('a crowd logging in at once', () => {
  let t: TestContext;
  let holder: pg.Client;
  let observer: pg.Client;
  const email = 'crowd@example.com';
  beforeAll(async () => {
    // The server's own pool size, so more logins than admitted could reach the database.
    t = await createTestContext('postgres', {}, { poolMax: 10 });
    await t.signUp({ email });
    holder = new pg.Client({ connectionString: t.database.url });
    observer = new pg.Client({ connectionString: t.database.url });
    await Promise.all([holder.connect(), observer.connect()]);
  });
  afterAll(async () => {
    await Promise.all([holder.end(), observer.end()]);
    await t.close();
  });

  const waitingOnTheLock = async () => {
    const { rows } = await observer.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'`,
    );
    return rows[0]?.n ?? 0;
  };

  it('reaches the database a few logins at a time; past the waiting room, 503 at once; then every admitted one logs in', async () => {
    const [userRow] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!userRow) throw new Error('no user');
    const sessionsBefore = await t.database.db
      .select({ n: count() })
      .from(authSessions)
      .where(eq(authSessions.userId, userRow.id));

    await holder.query('begin');
    await holder.query('lock table rate_limits in access exclusive mode');
    const refusedCount = 20;
    const total = LOGINS_AT_ONCE + LOGINS_WAITING + refusedCount;
    const settled: { status: number; body: unknown }[] = [];
    const answers = Array.from({ length: total }, () =>
      t
        .client()
        .post('/api/auth/login', { email, password: DEFAULT_USER.password })
        .then((res) => {
          settled.push(res);
          return res;
        }),
    );
    try {
      // The ones past the waiting room are answered while the others still wait.
      await vi.waitFor(() => expect(settled.length).toBeGreaterThanOrEqual(refusedCount), WAIT);
      await vi.waitFor(
        async () => expect(await waitingOnTheLock()).toBeGreaterThanOrEqual(LOGINS_AT_ONCE),
        WAIT,
      );
      await sleep(300);
      expect(await waitingOnTheLock()).toBe(LOGINS_AT_ONCE);
      expect(settled).toHaveLength(refusedCount);
      for (const res of settled) {
        expect(res.status).toBe(503);
        expect(res.body).toEqual({
          error: {
            code: 'UNAVAILABLE',
            message: SIGN_INS_BUSY_MESSAGE.message,
            messageId: SIGN_INS_BUSY_MESSAGE.id,
          },
        });
      }
    } finally {
      await holder.query('rollback');
    }

    const all = await Promise.all(answers);
    expect(all.filter((res) => res.status === 200)).toHaveLength(LOGINS_AT_ONCE + LOGINS_WAITING);
    expect(all.filter((res) => res.status === 503)).toHaveLength(refusedCount);
    const [sessionsAfter] = await t.database.db
      .select({ n: count() })
      .from(authSessions)
      .where(eq(authSessions.userId, userRow.id));
    expect(sessionsAfter?.n).toBe((sessionsBefore[0]?.n ?? 0) + LOGINS_AT_ONCE + LOGINS_WAITING);
  });
});

describe.each(TEST_DATABASE_KINDS)('logins that fail on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
    await t.signUp({ email: 'after-failures@example.com' });
  });
  afterAll(() => t.close());

  it('give their place back: after more failed logins at once than are admitted, a right one logs in', async () => {
    const failed = await Promise.all(
      Array.from({ length: LOGINS_AT_ONCE * 3 }, (_, i) =>
        t.client().post('/api/auth/login', {
          email: `nobody-${i}@example.com`,
          password: 'not the right passphrase',
        }),
      ),
    );
    expect(failed.map((res) => res.status)).toEqual(failed.map(() => 401));
    const res = await t.client().post('/api/auth/login', {
      email: 'after-failures@example.com',
      password: DEFAULT_USER.password,
    });
    expect(res.status).toBe(200);
  });
});
