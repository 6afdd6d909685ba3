import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

describe.each(TEST_DATABASE_KINDS)('admin endpoints on %s', (kind) => {
  let t: TestContext;
  let user: TestClient;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    user = await t.signUp({ email: 'user@example.com' });
    admin = await t.signUp({ email: 'admin@example.com', firstName: 'Root' });
    await t.database.db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.email, 'admin@example.com'));
  });
  afterAll(() => t.close());

  it('asks a visitor to log in', async () => {
    const res = await t.client().get('/api/admin/users');
    expect(res.status).toBe(401);
  });

  it("answers a user 403 with 'You do not have admin privileges'", async () => {
    const res = await user.get('/api/admin/users');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { code: 'FORBIDDEN', message: 'You do not have admin privileges' },
    });
  });

  it('lists every user to an admin, without password hashes', async () => {
    const res = await admin.get('/api/admin/users');
    expect(res.status).toBe(200);
    expect(res.body.users.map((u: { email: string }) => u.email)).toEqual([
      'user@example.com',
      'admin@example.com',
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
  });

  it('a role change applies on the very next request', async () => {
    await t.database.db
      .update(users)
      .set({ role: 'user' })
      .where(eq(users.email, 'admin@example.com'));
    expect((await admin.get('/api/admin/users')).status).toBe(403);
    await t.database.db
      .update(users)
      .set({ role: 'admin' })
      .where(eq(users.email, 'admin@example.com'));
    expect((await admin.get('/api/admin/users')).status).toBe(200);
  });
});
