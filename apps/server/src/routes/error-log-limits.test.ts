import { ADMIN_ERROR_LOG_LIMIT, type AdminErrorLogListResponse } from '@cogni/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorLogs } from '../db/schema';
import { parseConfig } from '../env';
import { createLogger } from '../lib/logger';
import {
  ERROR_LOG_MESSAGE_MAX_BYTES,
  SUPPRESSED_MESSAGE,
  writeErrorLog,
} from '../services/error-logs/write-error-log';
import { runMaintenance } from '../services/maintenance/run-maintenance';
import { signUpAdmin } from '../testing/admin-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/** A login body with `count` unknown keys of 1,000 characters each: about 61 KB. */
function bloatedLogin(count: number, seed: string) {
  const body: Record<string, string> = { email: 'nobody@example.com', password: 'x' };
  for (let i = 0; i < count; i++) body[`${seed}${i}`.padEnd(1000, 'k')] = 'v';
  return body;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

describe.each(TEST_DATABASE_KINDS)('error-log limits and retention on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind, {
      TRUST_PROXY: 'true',
      RATE_LIMIT_VISITOR_LOGS_PER_IP: '5',
      RATE_LIMIT_VISITOR_LOGS_TOTAL: '8',
    });
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
  });
  afterAll(() => t.close());

  const rows = () => t.database.db.select().from(errorLogs).orderBy(desc(errorLogs.lastSeenAt));

  async function badLogin(ip: string, body: unknown) {
    return t.client().request('POST', '/api/auth/login', {
      body,
      headers: { 'x-forwarded-for': ip },
    });
  }

  it('stores a bounded message that does not repeat unknown field names', async () => {
    const res = await badLogin('192.0.2.1', bloatedLogin(60, 'a'));
    expect(res.status).toBe(400);
    // The answer names no unknown key either.
    expect(res.body.error.message).toContain('60 unknown fields');
    expect(res.body.error.message).not.toContain('kkkk');
    const [log] = await rows();
    expect(log?.errorType).toBe('LOGIN_ERROR');
    expect(log?.errorMessage).not.toContain('kkkk');
    expect(byteLength(log?.errorMessage ?? '')).toBeLessThanOrEqual(ERROR_LOG_MESSAGE_MAX_BYTES);
    expect(JSON.stringify(log?.context).length).toBeLessThan(1_000);
    await t.database.db.delete(errorLogs);
  });

  it('counts repeats of one error in one entry with its last time', async () => {
    for (let i = 0; i < 4; i++) await badLogin('192.0.2.2', bloatedLogin(3, 'b'));
    const logs = await rows();
    expect(logs).toHaveLength(1);
    expect(logs[0]?.count).toBe(4);
    expect(logs[0]?.lastSeenAt.getTime()).toBeGreaterThanOrEqual(logs[0]?.timestamp.getTime() ?? 0);
    await t.database.db.delete(errorLogs);
    // A new window of the visitor limits for the next test.
    t.clock.offsetMs += 60_000;
  });

  it('writes visitors’ entries within limits per address and overall, then only counts them', async () => {
    // Distinct emails make distinct entries: 20 from one address, then 20 from another.
    for (let i = 0; i < 20; i++) {
      expect((await badLogin('192.0.2.3', { email: `a${i}@example.com` })).status).toBe(400);
    }
    for (let i = 0; i < 20; i++) {
      expect((await badLogin('192.0.2.4', { email: `b${i}@example.com` })).status).toBe(400);
    }
    // 5 entries from the first address (its limit), 3 from the second (8 in all).
    const written = (await rows()).filter((log) => log.errorMessage !== SUPPRESSED_MESSAGE);
    expect(written).toHaveLength(8);
    // The rest are counted, and the counts written a few seconds later.
    const counts = await vi.waitFor(
      async () => {
        const suppressed = (await rows()).filter((log) => log.errorMessage === SUPPRESSED_MESSAGE);
        expect(suppressed).toHaveLength(2);
        return suppressed;
      },
      { timeout: 15_000, interval: 250 },
    );
    const byAddress = Object.fromEntries(
      counts.map((log) => [(log.context as { address: string }).address, log.count]),
    );
    // The first address went past its own limit; the second, past the limit of everyone
    // together, which is counted for all addresses in one entry.
    expect(byAddress).toEqual({ '192.0.2.3': 15, many: 17 });
    await t.database.db.delete(errorLogs);
    t.clock.offsetMs += 60_000;
  });

  it('pages through the log; no page carries more than a hundred bounded entries', async () => {
    for (let i = 0; i < 130; i++) {
      await writeErrorLog(
        { db: t.database.db, now: () => new Date() },
        {
          errorType: 'SERVER_ERROR',
          errorMessage: `failure ${i} ${'x'.repeat(5_000)}`,
          context: { path: `/api/${i}`, detail: 'y'.repeat(20_000) },
        },
      );
    }
    const first = await admin.get<AdminErrorLogListResponse>('/api/admin/error-logs');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 130, page: 1, pageSize: 100 });
    expect(first.body.errorLogs).toHaveLength(100);
    expect(first.body.errorLogs[0]?.errorMessage).toMatch(/^failure 129 x+…$/);
    const largest = await admin.get<AdminErrorLogListResponse>(
      '/api/admin/error-logs?page=3&pageSize=50',
    );
    expect(largest.body.errorLogs).toHaveLength(30);
    expect(largest.body.errorLogs.at(-1)?.errorMessage).toMatch(/^failure 0 /);
    // At most 100 entries of at most 2 KB of message and 8 KB of context each.
    const full = await admin.get<string>(`/api/admin/error-logs?pageSize=${ADMIN_ERROR_LOG_LIMIT}`);
    expect(JSON.stringify(full.body).length).toBeLessThan(1_100_000);
    for (const query of ['pageSize=101', 'page=0', 'order=asc']) {
      const bad = await admin.get(`/api/admin/error-logs?${query}`);
      expect(bad.status, query).toBe(400);
    }
    await t.database.db.delete(errorLogs);
  });

  it('keeps the log within its retention: entries too old, then the oldest past the limit', async () => {
    const config = parseConfig({ ERROR_LOG_MAX_ROWS: '100', ERROR_LOG_MAX_AGE_DAYS: '90' });
    const at = (ms: number) => ({ db: t.database.db, now: () => new Date(ms) });
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < 130; i++) {
      await writeErrorLog(at(start + i * 60_000), {
        errorType: 'SERVER_ERROR',
        errorMessage: `failure ${i}`,
      });
    }
    // Entry 5 happens again a day later: it is now the most recently seen.
    await writeErrorLog(at(start + 86_400_000), {
      errorType: 'SERVER_ERROR',
      errorMessage: 'failure 5',
    });
    const ctx = { ...at(start + 2 * 86_400_000), config, logger: createLogger('silent') };
    const first = await runMaintenance(ctx);
    expect(first.errorLogsDeleted).toBe(30);
    const kept = await rows();
    expect(kept).toHaveLength(100);
    expect(kept[0]?.errorMessage).toBe('failure 5');
    // The 100 most recently seen: failure 5 and failures 31-129.
    expect(kept.map((log) => log.errorMessage)).not.toContain('failure 30');
    expect(kept.map((log) => log.errorMessage)).toContain('failure 31');
    // 91 days after the last entry, nothing is left.
    const later = { ...ctx, now: () => new Date(start + 92 * 86_400_000) };
    expect((await runMaintenance(later)).errorLogsDeleted).toBe(100);
    expect(await rows()).toHaveLength(0);
  });

  it('caps a signed-in user’s entries per account by the same numbers, counted apart from visitors’', async () => {
    t.clock.offsetMs += 60_000;
    // Visitors use up everything the visitor limits allow in this minute...
    for (let i = 0; i < 10; i++) await badLogin(`192.0.2.${20 + i}`, { email: `v${i}@x.org` });
    // ...and a signed-in user still gets their own five entries, then a count of the rest.
    const user = await t.signUp({ email: 'signed-in@example.com' });
    for (let i = 0; i < 12; i++) {
      const res = await user.request('POST', '/api/error-logs', {
        body: { errorType: 'RENDER_ERROR', errorMessage: `render failure ${i}` },
        headers: { 'x-forwarded-for': `192.0.2.${40 + i}` },
      });
      expect(res.status).toBe(204);
    }
    const renderErrors = () =>
      t.database.db.select().from(errorLogs).where(eq(errorLogs.errorType, 'RENDER_ERROR'));
    const logs = await vi.waitFor(
      async () => {
        const rows = await renderErrors();
        expect(rows.filter((log) => log.errorMessage === SUPPRESSED_MESSAGE)).toHaveLength(1);
        return rows;
      },
      { timeout: 15_000, interval: 250 },
    );
    expect(logs).toHaveLength(6);
    const userId = logs[0]?.userId;
    expect(userId).toBeTruthy();
    expect(logs.every((log) => log.userId === userId)).toBe(true);
    expect(logs.find((log) => log.errorMessage === SUPPRESSED_MESSAGE)?.count).toBe(7);
  });
});
