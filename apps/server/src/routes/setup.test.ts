import { MESSAGES } from '@cogni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTotp } from '../lib/totp';
import { openFirstAdminSetup } from '../services/setup/first-admin-setup';
import { createTestContext, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

const FIRST_ADMIN = {
  email: 'grace@example.com',
  password: 'a compiler for everyone 1952',
  firstName: 'Grace',
  lastName: 'Hopper',
};

describe.each(TEST_DATABASE_KINDS)('the first admin from the setup link on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t?.close());

  it('opens once: refuses a wrong token and bad input, creates the admin, then opens nothing', async () => {
    const token = await openFirstAdminSetup({ db: t.database.db });
    if (!token) throw new Error('a new database has no admin: the setup must open');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const visitor = t.client();

    expect(await visitor.get(`/api/setup/${token}`)).toMatchObject({
      status: 200,
      body: { open: true },
    });
    const wrong = await visitor.get(`/api/setup/${token.slice(0, -1)}x`);
    expect(wrong).toMatchObject({
      status: 404,
      body: { error: { message: MESSAGES.setupLinkInvalid.message } },
    });
    expect((await visitor.post(`/api/setup/not-it`, FIRST_ADMIN)).status).toBe(404);

    // Refused input names the field and leaves the link working.
    const common = await visitor.post(`/api/setup/${token}`, {
      ...FIRST_ADMIN,
      password: 'Password1234',
    });
    expect(common.status).toBe(400);
    expect(common.body.error.fields.password).toBeTruthy();
    const short = await visitor.post(`/api/setup/${token}`, { ...FIRST_ADMIN, password: 'short' });
    expect(short.status).toBe(400);
    expect((await visitor.get(`/api/setup/${token}`)).status).toBe(200);

    const created = await visitor.post(`/api/setup/${token}`, FIRST_ADMIN);
    expect(created).toMatchObject({
      status: 201,
      body: {
        user: { email: FIRST_ADMIN.email, role: 'admin', mustSetUpTotp: true, totpEnabled: false },
      },
    });
    expect(visitor.cookie).toBeTruthy();

    // Used: the link opens nothing, and a restart (a new token) finds an admin and opens none.
    expect((await t.client().get(`/api/setup/${token}`)).status).toBe(404);
    expect(
      (await t.client().post(`/api/setup/${token}`, { ...FIRST_ADMIN, email: 'x@example.com' }))
        .status,
    ).toBe(404);
    expect(await openFirstAdminSetup({ db: t.database.db })).toBeNull();

    // Until two-factor login is on, the admin may set it up and nothing else.
    const refused = await visitor.get('/api/admin/users');
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error: {
          code: 'TWO_FACTOR_SETUP_REQUIRED',
          message: MESSAGES.twoFactorSetupRequired.message,
        },
      },
    });
    expect((await visitor.get('/api/me')).status).toBe(403);
    expect((await visitor.get('/api/session')).body.user.mustSetUpTotp).toBe(true);
    const setup = await visitor.post('/api/me/totp/setup');
    expect(setup.status).toBe(200);
    const confirmed = await visitor.post('/api/me/totp/confirm', {
      password: FIRST_ADMIN.password,
      code: generateTotp(setup.body.secret, Date.now()),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ mustSetUpTotp: false, totpEnabled: true });
    expect((await visitor.get('/api/admin/users')).status).toBe(200);
  });

  it('gives the link to one of two requests at once', async () => {
    const other = await createTestContext(kind);
    try {
      const token = await openFirstAdminSetup({ db: other.database.db });
      if (!token) throw new Error('no token');
      const answers = await Promise.all([
        other.client().post(`/api/setup/${token}`, FIRST_ADMIN),
        other.client().post(`/api/setup/${token}`, { ...FIRST_ADMIN, email: 'ada@example.com' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
    } finally {
      await other.close();
    }
  });
});
