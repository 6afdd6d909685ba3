import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

describe.each(TEST_DATABASE_KINDS)('profile on %s', (kind) => {
  let t: TestContext;
  let ada: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    ada = await t.signUp({ email: 'ada@example.com' });
    bob = await t.signUp({ email: 'bob@example.com', firstName: 'Bob', lastName: 'Builder' });
  });
  afterAll(() => t.close());

  const row = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

  it('refuses a visitor who is not logged in', async () => {
    const res = await t.client().get('/api/me');
    expect(res.status).toBe(401);
    expect((await t.client().patch('/api/me', { firstName: 'X', lastName: 'Y' })).status).toBe(401);
  });

  it('shows the user with an empty profile', async () => {
    const res = await ada.get('/api/me');
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'ada@example.com', firstName: 'Ada' });
    expect(res.body.profile).toMatchObject({ timezone: null, language: null, updatedAt: null });
    // Neither the hash nor the TOTP secret, whatever the field (mustChangePassword is a flag).
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|passwordHash|password_hash|totpSecret/i);
  });

  it('changes the first and last name, trimmed', async () => {
    const res = await ada.patch('/api/me', { firstName: '  Augusta ', lastName: 'King' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ firstName: 'Augusta', lastName: 'King' });
    expect(res.body.profile.updatedAt).not.toBeNull();
    expect((await ada.get('/api/session')).body.user.firstName).toBe('Augusta');
  });

  it.each([
    ['role', { role: 'admin' }],
    ['isActive', { isActive: false }],
    ['email', { email: 'bob@example.com' }],
    ['id', { id: 'someone-else' }],
    ['userId', { userId: 'someone-else' }],
    ['__proto__', JSON.parse('{"__proto__": {"role": "admin"}}')],
  ])('refuses a request that also sets %s, and changes nothing', async (field, extra) => {
    const before = await row('ada@example.com');
    const res = await ada.patch('/api/me', { firstName: 'Evil', lastName: 'Twin', ...extra });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty(field);
    expect(await row('ada@example.com')).toEqual(before);
    expect((await ada.get('/api/session')).body.user.role).toBe('user');
  });

  it('refuses empty, missing and overlong names', async () => {
    for (const body of [
      { firstName: '', lastName: 'King' },
      { firstName: 'Ada' },
      { firstName: 'A'.repeat(101), lastName: 'King' },
      { firstName: 'Ada\u0000', lastName: 'King' },
      [],
      'null',
    ]) {
      const res = await ada.patch('/api/me', body);
      expect(res.status).toBe(400);
    }
    expect((await row('ada@example.com'))?.firstName).toBe('Augusta');
  });

  it("a user's change touches only their own row", async () => {
    const bobBefore = await row('bob@example.com');
    const res = await ada.patch('/api/me', { firstName: 'Ada', lastName: 'Byron' });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe('ada@example.com');
    expect(await row('bob@example.com')).toEqual(bobBefore);
    expect((await bob.get('/api/me')).body.user).toMatchObject({
      firstName: 'Bob',
      lastName: 'Builder',
    });
  });

  it('offers no way to name another user: admin routes refuse, and there is no other', async () => {
    const bobRow = await row('bob@example.com');
    const adminRoute = await ada.request('PATCH', `/api/admin/users/${bobRow?.id}`, {
      body: { firstName: 'Hacked', lastName: 'X' },
    });
    expect(adminRoute.status).toBe(403);
    expect(await row('bob@example.com')).toEqual(bobRow);
  });
});
