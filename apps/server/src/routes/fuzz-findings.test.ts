import * as stroop from '@cogni/domain/tasks/stroop';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, errorLogs, trials } from '../db/schema';
import { UNSTORABLE_TEXT_MESSAGE } from '../lib/storable-text';
import { insertUser } from '../testing/admin-fixtures';
import { signInDirectly } from '../testing/api-fuzz';
import { START_RUN } from '../testing/fixture-run';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

type StartedRun = { id: string; seed: string; config: stroop.Config };

/**
 * Regressions for what the API fuzzing (fuzz-*.test.ts) found: each guards against a 500, a
 * database error behind a request that should be refused or answered.
 */
describe.each(TEST_DATABASE_KINDS)('fuzz findings on %s', (kind) => {
  let t: TestContext;
  let user: TestClient;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestContext(kind);
    user = await signInDirectly(t, await insertUser(t.database.db, { email: 'u@example.com' }));
    admin = await signInDirectly(
      t,
      await insertUser(t.database.db, { email: 'a@example.com', role: 'admin' }),
    );
  });
  afterAll(() => t?.close());

  // NUL is refused by PostgreSQL text and jsonb; an unpaired surrogate by jsonb.
  const UNSTORABLE = ['a\u0000b', 'x\ud83d', '\udc00'];

  it.each(UNSTORABLE)('refuses %j in a body or a query with 400 on its field', async (text) => {
    const cases: [TestClient, string, string, unknown, string][] = [
      [t.client(), 'POST', '/api/auth/login', { email: text, password: 'x' }, 'email'],
      [
        t.client(),
        'POST',
        '/api/error-logs',
        { errorType: 'RENDER_ERROR', errorMessage: text },
        'errorMessage',
      ],
      [
        user,
        'POST',
        '/api/results',
        { ...START_RUN, deviceInfo: { ...START_RUN.deviceInfo, userAgent: text } },
        'deviceInfo.userAgent',
      ],
      [
        admin,
        'GET',
        `/api/admin/users?search=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))}`,
        undefined,
        'search',
      ],
    ];
    for (const [client, method, path, body, field] of cases) {
      // A lone surrogate cannot be percent-encoded: the query case is for NUL only.
      if (method === 'GET' && !text.includes('\u0000')) continue;
      const res = await client.request(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body.error.fields, `${method} ${path}`).toEqual({
        [field]: UNSTORABLE_TEXT_MESSAGE,
      });
    }
  });

  it('still records a refused login whose email cannot be stored, with the text replaced', async () => {
    const res = await t.client().post('/api/auth/login', { email: 'nul\u0000@example.com' });
    expect(res.status).toBe(400);
    const [entry] = await t.database.db
      .select()
      .from(errorLogs)
      .where(eq(errorLogs.errorType, 'LOGIN_ERROR'))
      .orderBy(desc(errorLogs.timestamp))
      .limit(1);
    expect(entry?.context).toMatchObject({ email: 'nul\ufffd@example.com' });
  });

  it('refuses dates PostgreSQL cannot hold, and takes the last day of year 9999', async () => {
    for (const path of [
      '/api/admin/results?from=0000-01-01',
      '/api/admin/results?to=0000-12-31T23:59:59.999Z',
      '/api/admin/export?from=0000-06-01',
    ]) {
      const res = await admin.get(path);
      expect(res.status, path).toBe(400);
      expect(Object.values(res.body.error.fields), path).toEqual(['Use a year from 0001 to 9999']);
    }
    const res = await admin.get('/api/admin/results?from=0001-01-01&to=9999-12-31');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(0);
  });

  it('refuses trial clock times before 1970 with 400 (year 0000 failed the database), and takes 1970', async () => {
    // Year 0000 passes the ISO check but not the database, and on the batched path of trial
    // saves one such row would fail its whole batch; years 0001-0099 would be stored but read
    // back as 1950-2049.
    const run = (await user.post('/api/results', START_RUN)).body.run as StartedRun;
    const plan = stroop.planPhase(run.seed, 'sample', run.config);
    const [first, second] = plan.map((p) => stroop.answerTrial(p, p.correctKey, 500));
    if (!first || !second) throw new Error('no plan');
    const put = (trial: typeof first) =>
      user.request('PUT', `/api/results/${run.id}/trials/sample/${trial.trialNumber}`, {
        body: trial,
      });
    expect((await put(first)).status).toBe(201);
    const yearZero = {
      ...second,
      startTime: '0000-01-01T00:00:00.000Z',
      endTime: '0000-01-01T00:00:01.900Z',
    };
    const refused = await put(yearZero);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      startTime: 'Use a time from 1970 to 9999',
      endTime: 'Use a time from 1970 to 9999',
    });
    const epoch = {
      ...second,
      startTime: '1970-01-01T00:00:00.000Z',
      endTime: '1970-01-01T00:00:01.900Z',
    };
    expect((await put(epoch)).status).toBe(201);
    const stored = await t.database.db.select().from(trials).where(eq(trials.resultId, run.id));
    expect(stored.map((row) => row.startTime?.toISOString()).sort()).toEqual(
      [first.startTime, epoch.startTime].map((time) => new Date(time).toISOString()).sort(),
    );
  });

  it('exports for a userId with no account: an empty file, audit-logged without a target', async () => {
    const res = await admin.get('/api/admin/export?format=json&userId=no-such-user');
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(adminAuditLog)
      .orderBy(desc(adminAuditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ action: 'DATA_EXPORT', targetUserId: null });
    expect(entry?.details).toMatchObject({ filter: { userId: 'no-such-user' } });
  });
});
