import { MESSAGES } from '@cogni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin } from '../testing/admin-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

const ADMIN_PASSWORD = 'the admin passphrase';
const TEMPORARY_PASSWORD = 'a password the admin chose';
const OWN_PASSWORD = 'a password only I know';

/** What such a user may still call; everything else must be refused. */
const ALLOWED = new Set([
  'GET /api/session',
  'GET /api/health',
  'POST /api/me/password',
  'POST /api/auth/login',
  'POST /api/auth/login/totp',
  'POST /api/auth/logout',
  // The API description, served before any session is read: the same public file for everyone.
  'GET /api/openapi.json',
]);

describe.each(TEST_DATABASE_KINDS)('passwords set by an admin (ASVS 6.4.1) on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, { email: 'boss@example.com', password: ADMIN_PASSWORD });
  });
  afterAll(() => t?.close());

  async function createByAdmin(email: string, role: 'user' | 'admin') {
    const res = await admin.post('/api/admin/users', {
      email,
      password: TEMPORARY_PASSWORD,
      firstName: 'New',
      lastName: 'Person',
      role,
    });
    expect(res.status).toBe(201);
    return res.body.user;
  }

  async function logIn(email: string, password: string) {
    const client = t.client();
    const res = await client.post('/api/auth/login', { email, password });
    expect(res.status).toBe(200);
    return { client, user: res.body.user };
  }

  it('marks the account, and the admin console shows it', async () => {
    const created = await createByAdmin('marked@example.com', 'user');
    expect(created).toMatchObject({ mustChangePassword: true, totpEnabled: false });
    const listed = await admin.get('/api/admin/users?search=marked');
    expect(listed.body.users[0]).toMatchObject({ mustChangePassword: true });
    // Accounts people make for themselves are not.
    const own = await t.signUp({ email: 'self-made@example.com' });
    expect((await own.get('/api/session')).body.user.mustChangePassword).toBe(false);
  });

  it('refuses every other API route with 403 PASSWORD_CHANGE_REQUIRED until the password is changed', async () => {
    const email = 'new-admin@example.com';
    await createByAdmin(email, 'admin');
    const { client, user } = await logIn(email, TEMPORARY_PASSWORD);
    expect(user.mustChangePassword).toBe(true);
    expect((await client.get('/api/session')).body.user).toMatchObject({
      email,
      mustChangePassword: true,
    });

    // Every route the router serves, taken from the router itself, so a new one is covered;
    // but a study participant's routes, which read no user's session (ADR 040).
    const refused: string[] = [];
    const routes = t.app.routes.filter(
      (r) =>
        r.method !== 'ALL' &&
        r.path.startsWith('/api/') &&
        !r.path.startsWith('/api/participation/'),
    );
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      if (ALLOWED.has(key)) continue;
      const path = route.path.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await client.request(
        route.method,
        path,
        route.method === 'GET' ? {} : { body: {} },
      );
      expect(res.status, key).toBe(403);
      expect(res.body.error, key).toEqual({
        code: 'PASSWORD_CHANGE_REQUIRED',
        message: MESSAGES.passwordChangeRequired.message,
        messageId: MESSAGES.passwordChangeRequired.id,
      });
      refused.push(key);
    }
    expect(refused).toContain('GET /api/me');
    expect(refused).toContain('GET /api/admin/users');
    expect(refused).toContain('POST /api/me/totp/setup');
    expect(refused.length).toBeGreaterThan(25);

    const changed = await client.post('/api/me/password', {
      currentPassword: TEMPORARY_PASSWORD,
      newPassword: OWN_PASSWORD,
    });
    expect(changed.status).toBe(200);
    expect((await client.get('/api/session')).body.user.mustChangePassword).toBe(false);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await client.get('/api/admin/users')).status).toBe(200);

    // The admin's password no longer works; the user's own does, with nothing to change.
    expect(
      (await t.client().post('/api/auth/login', { email, password: TEMPORARY_PASSWORD })).status,
    ).toBe(401);
    const again = await logIn(email, OWN_PASSWORD);
    expect(again.user.mustChangePassword).toBe(false);
  });

  it('still lets such a user log out, and asks for the change at every login until it is done', async () => {
    const email = 'later@example.com';
    await createByAdmin(email, 'user');
    const first = await logIn(email, TEMPORARY_PASSWORD);
    expect((await first.client.post('/api/auth/logout')).status).toBe(204);
    expect((await first.client.get('/api/session')).body).toEqual({ user: null, language: null });

    const second = await logIn(email, TEMPORARY_PASSWORD);
    expect(second.user.mustChangePassword).toBe(true);
    expect((await second.client.get('/api/progress')).status).toBe(403);
    // The new password must differ from the one the admin chose.
    const same = await second.client.post('/api/me/password', {
      currentPassword: TEMPORARY_PASSWORD,
      newPassword: TEMPORARY_PASSWORD,
    });
    expect(same.status).toBe(400);
    expect((await second.client.get('/api/session')).body.user.mustChangePassword).toBe(true);
  });
});
