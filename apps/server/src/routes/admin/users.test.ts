import type { AdminUser, UserListResponse } from '@cogni/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userProfiles, users } from '../../db/schema';
import { EMAIL_TAKEN_MESSAGE } from '../../services/users/create-user';
import { insertUser, signUpAdmin } from '../../testing/admin-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';

const PASSWORD = 'a long enough password';
/** A valid create-user request; tests change one field at a time. */
const NEW_USER = {
  email: 'new@example.com',
  password: PASSWORD,
  firstName: 'New',
  lastName: 'Person',
  role: 'user',
};

describe.each(TEST_DATABASE_KINDS)('admin user management on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  let graceId: string;
  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, {
      email: 'admin@example.com',
      firstName: 'Root',
      lastName: 'Admin',
    });
    const db = t.database.db;
    // Created one minute apart, so the list order is known.
    const base = Date.UTC(2026, 0, 1);
    const people = [
      ['grace.hopper@example.com', 'Grace', 'Hopper'],
      ['alan@example.com', 'Alan', 'Turing'],
      ['edsger@example.com', 'Edsger', 'Dijkstra'],
      ['percent_50%@example.com', 'Per', 'Cent'],
      ['barbara@example.com', 'Barbara', 'Liskov'],
    ] as const;
    for (const [i, [email, firstName, lastName]] of people.entries()) {
      await insertUser(db, { email, firstName, lastName, createdAt: new Date(base + i * 60_000) });
    }
    const [grace] = await db
      .select()
      .from(users)
      .where(eq(users.email, 'grace.hopper@example.com'));
    graceId = grace?.id ?? '';
    await db
      .update(userProfiles)
      .set({ timezone: 'America/New_York', language: 'en', gender: 'female' })
      .where(eq(userProfiles.userId, graceId));
  });
  afterAll(() => t.close());

  const emailsOf = (body: UserListResponse) => body.users.map((u) => u.email);

  it('lists every account with its profile, oldest first, with the total', async () => {
    const res = await admin.get<UserListResponse>('/api/admin/users');
    expect(res.status).toBe(200);
    expect(emailsOf(res.body)).toEqual([
      'grace.hopper@example.com',
      'alan@example.com',
      'edsger@example.com',
      'percent_50%@example.com',
      'barbara@example.com',
      'admin@example.com',
    ]);
    expect(res.body).toMatchObject({ total: 6, page: 1, pageSize: 25 });
    const grace = res.body.users[0];
    expect(grace).toEqual({
      id: graceId,
      email: 'grace.hopper@example.com',
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'user',
      isActive: true,
      createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
      lastLogin: null,
      totpEnabled: false,
      mustChangePassword: false,
      mustSetUpTotp: false,
      profile: {
        userId: graceId,
        dateOfBirth: null,
        gender: 'female',
        phoneNumber: null,
        address: null,
        timezone: 'America/New_York',
        language: 'en',
        updatedAt: null,
      },
    });
    // The admin logged in, so lastLogin is set.
    expect(res.body.users[5]?.lastLogin).toEqual(expect.any(String));
    // No hash, whatever its field is called (mustChangePassword is a flag, not a password).
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|passwordHash|password_hash|totpSecret/i);
  });

  it('searches email, first name, last name and full name, ignoring case', async () => {
    const search = async (text: string) =>
      emailsOf((await admin.get(`/api/admin/users?search=${encodeURIComponent(text)}`)).body);
    expect(await search('HOPPER')).toEqual(['grace.hopper@example.com']);
    expect(await search('alan@')).toEqual(['alan@example.com']);
    expect(await search('dijk')).toEqual(['edsger@example.com']);
    expect(await search('barbara liskov')).toEqual(['barbara@example.com']);
    expect(await search('  tur  ')).toEqual(['alan@example.com']);
    // % and _ are literal characters, not wildcards.
    expect(await search('_50%')).toEqual(['percent_50%@example.com']);
    expect(await search('%')).toEqual(['percent_50%@example.com']);
    expect(await search('nobody')).toEqual([]);
    const none = await admin.get('/api/admin/users?search=nobody');
    expect(none.body.total).toBe(0);
  });

  it('pages the list, with the total of all matches', async () => {
    const page2 = await admin.get<UserListResponse>('/api/admin/users?page=2&pageSize=2');
    expect(emailsOf(page2.body)).toEqual(['edsger@example.com', 'percent_50%@example.com']);
    expect(page2.body).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    const searched = await admin.get<UserListResponse>(
      '/api/admin/users?search=example.com&page=3&pageSize=2',
    );
    expect(emailsOf(searched.body)).toEqual(['barbara@example.com', 'admin@example.com']);
    const beyond = await admin.get<UserListResponse>('/api/admin/users?page=9&pageSize=2');
    expect(beyond.body).toMatchObject({ users: [], total: 6 });
  });

  it.each([
    ['page=0', 'page'],
    ['page=x', 'page'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=1.5', 'pageSize'],
    ['sort=email', 'sort'],
    [`search=${'x'.repeat(201)}`, 'search'],
  ])('refuses %s with 400 naming %s', async (query, field) => {
    const res = await admin.get(`/api/admin/users?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BAD_REQUEST');
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
  });

  it('shows one user with their profile; unknown ids are 404', async () => {
    const res = await admin.get<{ user: AdminUser }>(`/api/admin/users/${graceId}`);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: 'grace.hopper@example.com',
      profile: { language: 'en' },
    });
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      for (const [method, path] of [
        ['GET', `/api/admin/users/${id}`],
        ['PATCH', `/api/admin/users/${id}/role`],
        ['POST', `/api/admin/users/${id}/deactivate`],
        ['POST', `/api/admin/users/${id}/reactivate`],
      ] as const) {
        const reply = await admin.request(
          method,
          path,
          method === 'PATCH' ? { body: { role: 'admin' } } : {},
        );
        expect(reply.status, `${method} ${path}`).toBe(404);
        expect(reply.body.error.message).toBe('User not found');
      }
    }
  });

  it('tells which accounts have two-factor login on, never their secret', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const protectedAdmin = await insertUser(t.database.db, {
      email: 'protected.admin@example.com',
      role: 'admin',
      totpSecret: secret,
    });
    const res = await admin.get<UserListResponse>('/api/admin/users?search=admin');
    const byEmail = Object.fromEntries(res.body.users.map((u) => [u.email, u.totpEnabled]));
    expect(byEmail).toMatchObject({
      'admin@example.com': false,
      'protected.admin@example.com': true,
    });
    const one = await admin.get(`/api/admin/users/${protectedAdmin}`);
    expect(one.body.user.totpEnabled).toBe(true);
    expect(JSON.stringify(res.body) + JSON.stringify(one.body)).not.toContain(secret);
    await t.database.db.delete(users).where(eq(users.id, protectedAdmin));
  });

  it('refuses a bad role change with 400 and changes nothing', async () => {
    for (const body of [{}, { role: 'owner' }, { role: 'admin', isActive: false }, 'admin']) {
      const res = await admin.patch(`/api/admin/users/${graceId}/role`, body);
      expect(res.status).toBe(400);
    }
    const fields = (await admin.patch(`/api/admin/users/${graceId}/role`, { role: 'root' })).body
      .error.fields;
    expect(fields).toEqual({ role: "Must be 'user', 'researcher' or 'admin'" });
    const [grace] = await t.database.db.select().from(users).where(eq(users.id, graceId));
    expect(grace?.role).toBe('user');
  });

  describe('creating a user', () => {
    async function userCount(): Promise<number> {
      const [row] = await t.database.db.select({ n: count() }).from(users);
      return row?.n ?? 0;
    }

    it('names every missing field, and creates nothing', async () => {
      const before = await userCount();
      const res = await admin.post('/api/admin/users', {});
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({
        email: 'Required',
        password: 'Required',
        firstName: 'Required',
        lastName: 'Required',
        role: "Must be 'user', 'researcher' or 'admin'",
      });
      expect(await userCount()).toBe(before);
    });

    it.each([
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ email: '   ' }, 'email', 'Required'],
      [{ password: 'short' }, 'password', 'Password must be at least 12 characters'],
      [{ password: 'password1234' }, 'password', 'This password is too common; choose another'],
      [{ firstName: '  ' }, 'firstName', 'Required'],
      [{ lastName: 42 }, 'lastName', 'Must be text'],
      [{ role: 'superuser' }, 'role', "Must be 'user', 'researcher' or 'admin'"],
      [{ isActive: false }, 'isActive', 'Unknown field'],
    ])('refuses %j with a message for %s', async (change, field, message) => {
      const before = await userCount();
      const res = await admin.post('/api/admin/users', { ...NEW_USER, ...change });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ [field]: message });
      expect(await userCount()).toBe(before);
    });

    it('creates an active account with the chosen role, who can then log in', async () => {
      const res = await admin.post('/api/admin/users', {
        ...NEW_USER,
        email: '  New.Admin@Example.COM ',
        firstName: ' Ada ',
        lastName: 'Byron',
        role: 'admin',
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({
        email: 'new.admin@example.com',
        firstName: 'Ada',
        lastName: 'Byron',
        role: 'admin',
        isActive: true,
        lastLogin: null,
        // The admin chose the password: the new user must replace it first (ASVS 6.4.1).
        mustChangePassword: true,
        profile: { timezone: null },
      });
      const client = t.client();
      const login = await client.post('/api/auth/login', {
        email: 'new.admin@example.com',
        password: PASSWORD,
      });
      expect(login.status).toBe(200);
      expect((await client.get('/api/admin/users')).body.error.code).toBe(
        'PASSWORD_CHANGE_REQUIRED',
      );
      const changed = await client.post('/api/me/password', {
        currentPassword: PASSWORD,
        newPassword: 'the new admin own passphrase',
      });
      expect(changed.status).toBe(200);
      expect((await client.get('/api/admin/users')).status).toBe(200);

      const audit = (await admin.get('/api/admin/audit-log')).body.entries[0];
      expect(audit).toMatchObject({
        action: 'USER_CREATE',
        actorEmail: 'admin@example.com',
        targetUserId: res.body.user.id,
        targetEmail: 'new.admin@example.com',
        details: { role: 'admin' },
      });
    });

    it('refuses a taken email with 409 on the email field', async () => {
      const before = await userCount();
      const res = await admin.post('/api/admin/users', { ...NEW_USER, email: 'ALAN@example.com' });
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: 'CONFLICT',
        message: EMAIL_TAKEN_MESSAGE.message,
        messageId: EMAIL_TAKEN_MESSAGE.id,
        fields: { email: EMAIL_TAKEN_MESSAGE.message },
      });
      expect(await userCount()).toBe(before);
    });
  });
});
