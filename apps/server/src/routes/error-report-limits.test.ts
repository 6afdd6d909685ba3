import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorLogs } from '../db/schema';
import { SUPPRESSED_MESSAGE } from '../services/error-logs/write-error-log';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/** `length` characters of CJK text that never repeats: each character three bytes of UTF-8. */
function cjkText(seed: number, length: number): string {
  let state = seed * 7919 + 1;
  let text = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    text += String.fromCharCode(0x4e00 + (state % 20000));
  }
  return text;
}

const report = (client: TestClient, ip: string, body: unknown) =>
  client.request('POST', '/api/error-logs', { body, headers: { 'x-forwarded-for': ip } });

describe.each(TEST_DATABASE_KINDS)('the limits of browser error reports on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, {
      TRUST_PROXY: 'true',
      RATE_LIMIT_ERROR_REPORT_BYTES_PER_USER: '25000',
    });
  });
  afterAll(() => t.close());

  /** The account's stored entries, and the bytes their messages and contexts take. */
  async function storedOf(userId: string) {
    const [row] = await t.database.db
      .select({
        entries: sql<number>`count(*)::int`,
        bytes: sql<number>`coalesce(sum(octet_length(${errorLogs.errorMessage}) + octet_length(${errorLogs.context}::text)), 0)::int`,
      })
      .from(errorLogs)
      .where(eq(errorLogs.userId, userId));
    return row ?? { entries: 0, bytes: 0 };
  }

  async function userIdOf(client: TestClient): Promise<string> {
    const me = await client.get<{ user: { id: string } }>('/api/me');
    return me.body.user.id;
  }

  it('lets exactly the limit of reports sent at once from one address through', async () => {
    const ada = await t.signUp({ email: 'parallel@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        report(ada, '198.51.100.1', { errorType: 'RENDER_ERROR', errorMessage: `failure ${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(240);
    expect(answers.find((a) => a.status === 429)?.body.error.message).toMatch(
      /^Too many error reports\. Try again in \d+ minutes?\.$/,
    );
    // Bad bodies count too: the address has no report left in this window.
    const bad = await report(ada, '198.51.100.1', { errorType: 'nonsense' });
    expect(bad.status).toBe(429);
  });

  it('limits an account across addresses and caps its stored entries as a visitor’s are', async () => {
    const bob = await t.signUp({ email: 'many-addresses@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        report(bob, `198.51.100.${10 + (i % 5)}`, {
          errorType: 'RENDER_ERROR',
          errorMessage: `failure ${i}`,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 204)).toHaveLength(60);
    // Of the 60 accepted, the account's minute allows 30 entries (RATE_LIMIT_VISITOR_LOGS_PER_IP);
    // the other 30 are one entry that counts them, written a few seconds later.
    const id = await userIdOf(bob);
    const counted = await vi.waitFor(
      async () => {
        const rows = await t.database.db.select().from(errorLogs).where(eq(errorLogs.userId, id));
        const suppressed = rows.filter((row) => row.errorMessage === SUPPRESSED_MESSAGE);
        expect(suppressed).toHaveLength(1);
        return { rows, suppressed };
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(counted.rows).toHaveLength(31);
    expect(counted.suppressed[0]?.count).toBe(30);
    expect(counted.suppressed[0]?.context).toEqual({ reason: 'rate-limited' });
  });

  it('bounds the bytes an account adds in an hour, however the reports are sent', async () => {
    const cleo = await t.signUp({ email: 'bytes@example.com' });
    // The longest report the schema takes, in CJK text: stored cut to 2 KB of message and
    // 8 KB of context, about 9.8 KB.
    const body = (i: number) => ({
      errorType: 'RENDER_ERROR',
      errorMessage: cjkText(i, 1_000),
      context: { componentStack: cjkText(i + 1000, 4_000) },
    });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => report(cleo, `198.51.100.${20 + (i % 5)}`, body(i))),
    );
    const accepted = answers.filter((a) => a.status === 204).length;
    // Two fit the 25,000-byte budget, a third does not.
    expect(accepted).toBe(2);
    const stored = await storedOf(await userIdOf(cleo));
    expect(stored.entries).toBe(2);
    expect(stored.bytes).toBeGreaterThan(18_000);
    expect(stored.bytes).toBeLessThanOrEqual(25_000);
    // An hour later the budget is back.
    t.clock.offsetMs += 60 * 60_000 + 1_000;
    expect((await report(cleo, '198.51.100.30', body(99))).status).toBe(204);
  });
});
