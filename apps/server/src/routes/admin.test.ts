import { MESSAGES } from '@cogni/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, authSessions, testResults, users } from '../db/schema';
import { insertFinishedRun } from '../services/results/insert-finished-run';
import { LAST_ADMIN_MESSAGE } from '../services/users/lock-for-change';
import { insertUser, signUpAdmin, userIdOf } from '../testing/admin-fixtures';
import { fixtureFinishedRun } from '../testing/fixture-run';
import {
  createTestContext,
  DEFAULT_USER,
  type TestClient,
  type TestContext,
} from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

type Call = { method: 'GET' | 'POST' | 'PATCH'; path: string; body?: unknown; status: number };

describe.each(TEST_DATABASE_KINDS)('admin API on %s', (kind) => {
  let t: TestContext;
  let user: TestClient;
  let admin: TestClient;
  let targetId: string;
  let resultId: string;
  beforeAll(async () => {
    t = await createTestContext(kind);
    user = await t.signUp({ email: 'user@example.com' });
    admin = await signUpAdmin(t, { email: 'admin@example.com', firstName: 'Root' });
    targetId = await insertUser(t.database.db, { email: 'target@example.com' });
    resultId = await insertFinishedRun(
      t.database,
      fixtureFinishedRun(targetId, new Date(Date.UTC(2026, 0, 5))),
    );
  });
  afterAll(() => t.close());

  /** Every admin endpoint, with a request that succeeds for an admin and its status. */
  function everyEndpoint(): Call[] {
    return [
      { method: 'GET', path: '/api/admin/users', status: 200 },
      { method: 'GET', path: '/api/admin/users?search=target&page=1&pageSize=10', status: 200 },
      {
        method: 'POST',
        path: '/api/admin/users',
        body: { ...DEFAULT_USER, email: 'created@example.com', role: 'user' },
        status: 201,
      },
      { method: 'GET', path: `/api/admin/users/${targetId}`, status: 200 },
      {
        method: 'PATCH',
        path: `/api/admin/users/${targetId}/role`,
        body: { role: 'admin' },
        status: 200,
      },
      { method: 'POST', path: `/api/admin/users/${targetId}/deactivate`, status: 200 },
      { method: 'POST', path: `/api/admin/users/${targetId}/reactivate`, status: 200 },
      { method: 'GET', path: '/api/admin/results?includeMock=false&page=1', status: 200 },
      { method: 'GET', path: `/api/admin/results/${resultId}/trials`, status: 200 },
      { method: 'GET', path: '/api/admin/reports/stroopTest?includeMock=true', status: 200 },
      { method: 'GET', path: '/api/admin/error-logs', status: 200 },
      { method: 'POST', path: '/api/admin/mock-data', status: 201 },
      { method: 'GET', path: '/api/admin/export?format=csv', status: 200 },
      { method: 'GET', path: '/api/admin/export?format=json', status: 200 },
      { method: 'GET', path: '/api/admin/export/dictionary?format=csv', status: 200 },
      { method: 'GET', path: '/api/admin/audit-log', status: 200 },
      // Unknown admin paths are refused before they are found missing.
      { method: 'GET', path: '/api/admin/nothing-here', status: 404 },
    ];
  }

  function send(client: TestClient, call: Call) {
    return client.request(
      call.method,
      call.path,
      call.body === undefined ? {} : { body: call.body },
    );
  }

  async function snapshot() {
    const db = t.database.db;
    const [userCount] = await db.select({ n: count() }).from(users);
    const [resultCount] = await db.select({ n: count() }).from(testResults);
    const [auditCount] = await db.select({ n: count() }).from(adminAuditLog);
    const [target] = await db.select().from(users).where(eq(users.id, targetId));
    return { users: userCount?.n, results: resultCount?.n, audit: auditCount?.n, target };
  }

  it('asks a visitor to log in, on every endpoint, and changes nothing', async () => {
    const before = await snapshot();
    for (const call of everyEndpoint()) {
      const res = await send(t.client(), call);
      expect(res.status, `${call.method} ${call.path}`).toBe(401);
      expect(res.body.error.code).toBe('UNAUTHENTICATED');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers a user 403 'You do not have admin privileges' on every endpoint, and changes nothing", async () => {
    const before = await snapshot();
    for (const call of everyEndpoint()) {
      const res = await send(user, call);
      expect(res.status, `${call.method} ${call.path}`).toBe(403);
      expect(res.body).toEqual({
        error: {
          code: 'FORBIDDEN',
          message: MESSAGES.adminNoPrivileges.message,
          messageId: MESSAGES.adminNoPrivileges.id,
        },
      });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('serves every endpoint to an admin', async () => {
    for (const call of everyEndpoint()) {
      const res = await send(admin, call);
      expect(res.status, `${call.method} ${call.path}: ${JSON.stringify(res.body)}`).toBe(
        call.status,
      );
    }
    // Put the target back as it was.
    expect((await admin.patch(`/api/admin/users/${targetId}/role`, { role: 'user' })).status).toBe(
      200,
    );
  });

  it("a role change applies on that user's very next request, both ways", async () => {
    const userId = await userIdOf(t.database.db, 'user@example.com');
    expect((await user.get('/api/admin/users')).status).toBe(403);
    const promoted = await admin.patch(`/api/admin/users/${userId}/role`, { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.user).toMatchObject({ id: userId, role: 'admin' });
    expect((await user.get('/api/admin/users')).status).toBe(200);
    expect((await user.get('/api/session')).body.user.role).toBe('admin');

    const demoted = await admin.patch(`/api/admin/users/${userId}/role`, { role: 'user' });
    expect(demoted.body.user.role).toBe('user');
    expect((await user.get('/api/admin/users')).status).toBe(403);
  });

  it('deactivation ends the sessions at once and blocks login; reactivation allows it again', async () => {
    const victim = await t.signUp({ email: 'victim@example.com' });
    const victimId = await userIdOf(t.database.db, 'victim@example.com');
    expect((await victim.get('/api/me')).status).toBe(200);

    const res = await admin.post(`/api/admin/users/${victimId}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: victimId, isActive: false });
    const sessions = await t.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, victimId));
    expect(sessions).toEqual([]);
    expect((await victim.get('/api/me')).status).toBe(401);

    const credentials = { email: 'victim@example.com', password: DEFAULT_USER.password };
    const refused = await t.client().post('/api/auth/login', credentials);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(MESSAGES.accountDeactivated.message);
    // A wrong password still learns nothing about the account.
    const guessed = await t
      .client()
      .post('/api/auth/login', { ...credentials, password: 'not the password at all' });
    expect(guessed.status).toBe(401);
    expect(guessed.body.error.message).toBe('Invalid email or password');

    // Deactivating again is harmless.
    expect((await admin.post(`/api/admin/users/${victimId}/deactivate`)).status).toBe(200);
    const back = await admin.post(`/api/admin/users/${victimId}/reactivate`);
    expect(back.body.user.isActive).toBe(true);
    const again = t.client();
    expect((await again.post('/api/auth/login', credentials)).status).toBe(200);
    expect((await again.get('/api/me')).status).toBe(200);
  });

  it('the last active admin can be neither demoted nor deactivated', async () => {
    const db = t.database.db;
    const adminId = await userIdOf(db, 'admin@example.com');
    // Earlier tests made target an admin and back; an inactive admin does not count.
    const dormantId = await insertUser(db, {
      email: 'dormant-admin@example.com',
      role: 'admin',
      isActive: false,
    });
    for (const refused of [
      await admin.patch(`/api/admin/users/${adminId}/role`, { role: 'user' }),
      await admin.post(`/api/admin/users/${adminId}/deactivate`),
    ]) {
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({
        code: 'CONFLICT',
        message: LAST_ADMIN_MESSAGE.message,
        messageId: LAST_ADMIN_MESSAGE.id,
      });
    }
    const [self] = await db.select().from(users).where(eq(users.id, adminId));
    expect(self).toMatchObject({ role: 'admin', isActive: true });

    // With a second active admin, the first may step down; then the second is the last.
    const second = await signUpAdmin(t, { email: 'second-admin@example.com' });
    const secondId = await userIdOf(db, 'second-admin@example.com');
    expect((await admin.patch(`/api/admin/users/${adminId}/role`, { role: 'user' })).status).toBe(
      200,
    );
    expect((await admin.get('/api/admin/users')).status).toBe(403);
    expect((await second.post(`/api/admin/users/${secondId}/deactivate`)).status).toBe(409);
    // Demoting an inactive admin is allowed: it takes no active admin away.
    expect(
      (await second.patch(`/api/admin/users/${dormantId}/role`, { role: 'user' })).status,
    ).toBe(200);
    expect((await second.patch(`/api/admin/users/${adminId}/role`, { role: 'admin' })).status).toBe(
      200,
    );
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const db = t.database.db;
    const [a, b] = await Promise.all([
      signUpAdmin(t, { email: 'race-a@example.com' }),
      signUpAdmin(t, { email: 'race-b@example.com' }),
    ]);
    // Only these two are active admins now.
    await db.update(users).set({ role: 'user' }).where(eq(users.email, 'admin@example.com'));
    await db.update(users).set({ role: 'user' }).where(eq(users.email, 'second-admin@example.com'));
    const aId = await userIdOf(db, 'race-a@example.com');
    const bId = await userIdOf(db, 'race-b@example.com');
    const replies = await Promise.all([
      a.patch(`/api/admin/users/${bId}/role`, { role: 'user' }),
      b.patch(`/api/admin/users/${aId}/role`, { role: 'user' }),
    ]);
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.filter((u) => u.isActive)).toHaveLength(1);
    await db.update(users).set({ role: 'admin' }).where(eq(users.email, 'admin@example.com'));
  });

  it('records each change in the audit log, newest first, with both emails', async () => {
    const res = await admin.get('/api/admin/audit-log');
    expect(res.status).toBe(200);
    const entries = res.body.entries as { action: string; createdAt: string }[];
    const times = entries.map((e) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const victimChanges = res.body.entries.filter(
      (e: { targetEmail: string }) => e.targetEmail === 'victim@example.com',
    );
    expect(victimChanges.map((e: { action: string }) => e.action)).toEqual([
      'USER_REACTIVATE',
      'USER_DEACTIVATE',
    ]);
    expect(victimChanges[0]).toMatchObject({ actorEmail: 'admin@example.com', details: {} });
    const roleChange = res.body.entries.find(
      (e: { action: string; targetEmail: string }) =>
        e.action === 'ROLE_CHANGE' && e.targetEmail === 'user@example.com',
    );
    expect(roleChange).toMatchObject({
      actorEmail: 'admin@example.com',
      details: { from: 'admin', to: 'user' },
    });
    const actions = new Set(entries.map((e) => e.action));
    for (const action of ['USER_CREATE', 'DATA_EXPORT', 'MOCK_DATA_GENERATE']) {
      expect(actions).toContain(action);
    }
  });
});
