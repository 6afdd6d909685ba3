import {
  type AdminErrorLog,
  type AdminResultTrialsResponse,
  MESSAGES,
  type TaskReportResponse,
} from '@cogni/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs, testSessions } from '../../db/schema';
import { signUpAdmin, userIdOf } from '../../testing/admin-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';

describe.each(TEST_DATABASE_KINDS)('mock data and error logs on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  let adminId: string;
  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
    adminId = await userIdOf(t.database.db, 'admin@example.com');
  });
  afterAll(() => t.close());

  const totalOf = async (includeMock: boolean) =>
    (
      await admin.get<TaskReportResponse>(
        `/api/admin/reports/stroopTest?includeMock=${includeMock}`,
      )
    ).body.totalTrials;

  it("writes a complete, scored mock result for the admin, which the report's switch includes", async () => {
    const res = await admin.post('/api/admin/mock-data');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: MESSAGES.mockDataSucceeded.message,
      resultId: expect.any(String),
    });
    expect(res.body.message).toBe('Mock data generated and saved.');

    const listed = (await admin.get('/api/admin/results')).body.results;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: res.body.resultId,
      userId: adminId,
      userEmail: 'admin@example.com',
      isMock: true,
      trialCount: 168,
      scores: { totalTrials: 144 },
    });
    expect(Date.parse(listed[0].endTime)).toBeLessThanOrEqual(Date.now());

    const detail = await admin.get<AdminResultTrialsResponse>(
      `/api/admin/results/${res.body.resultId}/trials`,
    );
    const trials = detail.body.trials;
    expect(trials.map((tr) => tr.phase).filter((p) => p === 'test')).toHaveLength(144);
    expect(trials.every((tr) => typeof tr.isCongruent === 'boolean')).toBe(true);
    expect(trials.some((tr) => tr.isCongruent)).toBe(true);
    expect(
      trials.every(
        (tr) => tr.reactionTime !== null && tr.reactionTime >= 500 && tr.reactionTime <= 1098,
      ),
    ).toBe(true);

    // The report counts the test trials in a cell: 143 (trial 0 is in none).
    expect(await totalOf(true)).toBe(143);
    expect(await totalOf(false)).toBe(0);

    const audit = (await admin.get('/api/admin/audit-log')).body.entries[0];
    expect(audit).toMatchObject({
      action: 'MOCK_DATA_GENERATE',
      actorEmail: 'admin@example.com',
      details: { resultId: res.body.resultId },
    });
  });

  it('answers a failure with the catalogue message and a MOCK_DATA_GENERATION_ERROR log, writing nothing', async () => {
    const db = t.database.db;
    // A real database failure: a trigger that refuses mock results.
    await db.execute(sql`
      create function refuse_mock() returns trigger language plpgsql as $$
      begin raise exception 'mock results are refused by the test'; end $$`);
    await db.execute(sql`
      create trigger refuse_mock before insert on test_results
      for each row when (new.is_mock) execute function refuse_mock()`);
    const [sessionsBefore] = await db.select({ n: count() }).from(testSessions);
    try {
      const res = await admin.post('/api/admin/mock-data');
      expect(res.status).toBe(500);
      expect(res.body.error).toEqual({
        code: 'INTERNAL',
        message: MESSAGES.mockDataFailed.message,
        messageId: MESSAGES.mockDataFailed.id,
      });
    } finally {
      await db.execute(sql`drop trigger refuse_mock on test_results`);
      await db.execute(sql`drop function refuse_mock`);
    }
    // The session written before the failure was rolled back with it.
    const [sessionsAfter] = await db.select({ n: count() }).from(testSessions);
    expect(sessionsAfter?.n).toBe(sessionsBefore?.n);
    expect(await totalOf(true)).toBe(143);

    const logs = (await admin.get<{ errorLogs: AdminErrorLog[] }>('/api/admin/error-logs')).body
      .errorLogs;
    expect(logs[0]).toMatchObject({
      errorType: 'MOCK_DATA_GENERATION_ERROR',
      userId: adminId,
      userEmail: 'admin@example.com',
    });
    // The database's message, not Drizzle's copy of the SQL and its parameters.
    expect(logs[0]?.errorMessage).toBe('mock results are refused by the test');
    expect(logs.filter((l) => l.errorType === 'SERVER_ERROR')).toEqual([]);
  });

  it('lists the latest 100 error logs, newest first, with type, message, user, time and context', async () => {
    const db = t.database.db;
    await db.delete(errorLogs);
    const base = Date.now() - 24 * 60 * 60 * 1000;
    await db.insert(errorLogs).values(
      Array.from({ length: 105 }, (_, i) => ({
        errorType: i % 2 === 0 ? 'LOGIN_ERROR' : 'RENDER_ERROR',
        errorMessage: `error ${i}`,
        userId: i % 2 === 0 ? null : adminId,
        timestamp: new Date(base + i * 1000),
        lastSeenAt: new Date(base + i * 1000),
        context: { index: i },
      })),
    );
    // A failed login through the API is the newest.
    await t
      .client()
      .post('/api/auth/login', { email: 'who@example.com', password: 'wrong password!' });

    const res = await admin.get<{ errorLogs: AdminErrorLog[] }>('/api/admin/error-logs');
    expect(res.status).toBe(200);
    const logs = res.body.errorLogs;
    expect(logs).toHaveLength(100);
    expect(logs[0]).toMatchObject({
      errorType: 'LOGIN_ERROR',
      errorMessage: 'Invalid email or password',
      userId: null,
      userEmail: null,
      context: { email: 'who@example.com', reason: 'unknown-email' },
    });
    // Then 104 down to 6: the five oldest are left out.
    expect(logs.slice(1).map((l) => l.errorMessage)).toEqual(
      Array.from({ length: 99 }, (_, i) => `error ${104 - i}`),
    );
    expect(logs[1]).toEqual({
      id: expect.any(String),
      errorType: 'LOGIN_ERROR',
      errorMessage: 'error 104',
      userId: null,
      userEmail: null,
      timestamp: new Date(base + 104_000).toISOString(),
      lastSeenAt: new Date(base + 104_000).toISOString(),
      count: 1,
      context: { index: 104 },
    });
    expect(logs[2]).toMatchObject({ userId: adminId, userEmail: 'admin@example.com' });
    const [stored] = await db
      .select({ n: count() })
      .from(errorLogs)
      .where(eq(errorLogs.errorType, 'LOGIN_ERROR'));
    expect(stored?.n).toBe(54);
  });
});
