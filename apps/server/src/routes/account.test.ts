import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, knownDevices, testResults, trials, users } from '../db/schema';
import { recheckSpacingMs } from '../services/account/verify-current-password';
import { insertFinishedRun } from '../services/results/insert-finished-run';
import { signUpAdmin, userIdOf } from '../testing/admin-fixtures';
import { fixtureFinishedRun } from '../testing/fixture-run';
import { createTestContext, DEFAULT_USER, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

const NEW_PASSWORD = 'a brand new passphrase';

describe.each(TEST_DATABASE_KINDS)('own account: password, export, deletion on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t?.close());

  async function logIn(email: string, password: string) {
    const client = t.client();
    const res = await client.post('/api/auth/login', { email, password });
    return { client, status: res.status };
  }

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const email = 'pat@example.com';
    const here = await t.signUp({ email });
    const elsewhere = (await logIn(email, DEFAULT_USER.password)).client;

    const wrong = await here.post('/api/me/password', {
      currentPassword: 'not my password at all',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({
      currentPassword: 'This is not your current password',
    });
    const same = await here.post('/api/me/password', {
      currentPassword: DEFAULT_USER.password,
      newPassword: DEFAULT_USER.password,
    });
    expect(same.body.error.fields.newPassword).toMatch(/different/);
    const common = await here.post('/api/me/password', {
      currentPassword: DEFAULT_USER.password,
      newPassword: 'password1234',
    });
    expect(common.body.error.fields.newPassword).toMatch(/too common/);
    const short = await here.post('/api/me/password', {
      currentPassword: DEFAULT_USER.password,
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    // Nothing changed so far: the old password still works, the other session too.
    expect((await elsewhere.get('/api/me')).status).toBe(200);

    const changed = await here.post('/api/me/password', {
      currentPassword: DEFAULT_USER.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ endedSessions: 1 });
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    expect((await logIn(email, DEFAULT_USER.password)).status).toBe(401);
    expect((await logIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('keeps the other sessions when asked to', async () => {
    const email = 'kim@example.com';
    const here = await t.signUp({ email });
    const elsewhere = (await logIn(email, DEFAULT_USER.password)).client;
    const changed = await here.post('/api/me/password', {
      currentPassword: DEFAULT_USER.password,
      newPassword: NEW_PASSWORD,
      endOtherSessions: false,
    });
    expect(changed.body).toEqual({ endedSessions: 0 });
    expect((await elsewhere.get('/api/me')).status).toBe(200);
  });

  it("exports the caller's account, results and trials, and nobody else's", async () => {
    const ada = await t.signUp({ email: 'ada-export@example.com' });
    const bob = await t.signUp({ email: 'bob-export@example.com' });
    const adaId = await userIdOf(t.database.db, 'ada-export@example.com');
    const bobId = await userIdOf(t.database.db, 'bob-export@example.com');
    const adaRun = await insertFinishedRun(
      t.database,
      fixtureFinishedRun(adaId, new Date(Date.UTC(2026, 0, 1))),
    );
    const bobRun = await insertFinishedRun(
      t.database,
      fixtureFinishedRun(bobId, new Date(Date.UTC(2026, 0, 2))),
    );

    const res = await ada.get('/api/me/account-export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="cogni-account-/);
    expect(res.body.account).toMatchObject({ id: adaId, email: 'ada-export@example.com' });
    expect(res.body.account.profile.userId).toBe(adaId);
    expect(res.body.results.map((r: { id: string }) => r.id)).toEqual([adaRun]);
    expect(res.body.results[0].trials).toHaveLength(168);
    expect(res.body.results[0].summary.totalTrials).toBe(144);
    expect(JSON.stringify(res.body)).not.toContain(bobRun);
    expect(JSON.stringify(res.body)).not.toContain('bob-export@example.com');
    expect((await bob.get('/api/me/account-export')).body.results).toHaveLength(1);
    expect((await t.client().get('/api/me/account-export')).status).toBe(401);
  });

  it('deletes the account and all its data after the password, and logs it', async () => {
    const email = 'gone@example.com';
    const gone = await t.signUp({ email });
    const id = await userIdOf(t.database.db, email);
    const runId = await insertFinishedRun(t.database, fixtureFinishedRun(id, new Date()));
    // The login made this browser a known device of the account.
    expect(
      await t.database.db.select().from(knownDevices).where(eq(knownDevices.userId, id)),
    ).toHaveLength(1);

    const wrong = await gone.request('DELETE', '/api/me', {
      body: { password: 'not the password' },
    });
    expect(wrong.status).toBe(400);
    expect((await gone.get('/api/me')).status).toBe(200);

    const deleted = await gone.request('DELETE', '/api/me', {
      body: { password: DEFAULT_USER.password },
    });
    expect(deleted.status).toBe(204);
    expect((await gone.get('/api/me')).status).toBe(401);
    expect((await logIn(email, DEFAULT_USER.password)).status).toBe(401);
    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, id))).toEqual([]);
    expect(await db.select().from(testResults).where(eq(testResults.userId, id))).toEqual([]);
    expect(await db.select().from(knownDevices).where(eq(knownDevices.userId, id))).toEqual([]);
    const [left] = await db.select({ n: count() }).from(trials).where(eq(trials.resultId, runId));
    expect(left?.n).toBe(0);
    const entries = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'ACCOUNT_DELETE'));
    expect(entries.map((e) => e.details)).toContainEqual({ deletedUserId: id, role: 'user' });
    // The email may register again: nothing of the old account is left to collide with.
    expect((await t.client().post('/api/auth/register', { ...DEFAULT_USER, email })).status).toBe(
      201,
    );
  });

  it('refuses to delete the last active admin', async () => {
    const admin = await signUpAdmin(t, { email: 'only-admin@example.com' });
    const res = await admin.request('DELETE', '/api/me', {
      body: { password: DEFAULT_USER.password },
    });
    expect(res.status).toBe(409);
    expect((await admin.get('/api/me')).status).toBe(200);
  });

  it('refuses the 11th wrong current password for 15 minutes, and audit-logs each wrong one', async () => {
    const email = 'guessing-session@example.com';
    const here = await t.signUp({ email });
    const userId = await userIdOf(t.database.db, email);
    const guesses = [
      () =>
        here.post('/api/me/password', { currentPassword: 'guess 1', newPassword: NEW_PASSWORD }),
      () => here.request('DELETE', '/api/me', { body: { password: 'guess 2' } }),
      () =>
        here.request('DELETE', '/api/me/totp', { body: { password: 'guess 3', code: '000000' } }),
    ];
    for (let i = 0; i < 10; i += 1) {
      const guess = guesses[i % guesses.length];
      expect((await guess?.())?.status).toBe(400);
    }
    const refused = await here.post('/api/me/password', {
      currentPassword: DEFAULT_USER.password,
      newPassword: NEW_PASSWORD,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many wrong passwords or codes. Try again in 15 minutes.',
      messageId: 'errors.wrongPasswordsLockout',
      values: { minutes: 15 },
    });
    const audited = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, userId));
    expect(audited).toHaveLength(10);
    for (const entry of audited) {
      expect(entry).toMatchObject({ action: 'WRONG_CURRENT_PASSWORD', actorId: userId });
    }
    expect(audited.map((e) => (e.details as { purpose: string }).purpose).sort()).toEqual(
      [
        ...Array(4).fill('password-change'),
        ...Array(3).fill('account-delete'),
        ...Array(3).fill('totp-disable'),
      ].sort(),
    );
    // Logging in is not affected, and the password did not change.
    expect((await logIn(email, DEFAULT_USER.password)).status).toBe(200);
    t.clock.offsetMs += 15 * 60 * 1000 + 1000;
    const changed = await here.post('/api/me/password', {
      currentPassword: DEFAULT_USER.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
  });

  it('checks the current passwords of a user one at a time and spaced apart, however many arrive at once', async () => {
    const here = await t.signUp({ email: 'parallel-checks@example.com' });
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        here
          .post('/api/me/password', { currentPassword: 'a wrong guess', newPassword: NEW_PASSWORD })
          .then((res) => ({ status: res.status, ms: performance.now() - started })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    // A margin for timers firing a little early.
    expect(times[1]).toBeGreaterThanOrEqual(recheckSpacingMs(t.deps.passwords) * 0.9);
    expect(times[2]).toBeGreaterThanOrEqual(2 * recheckSpacingMs(t.deps.passwords) * 0.9);
  });
});
