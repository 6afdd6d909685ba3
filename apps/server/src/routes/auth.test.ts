import { MESSAGES } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs, userProfiles, users } from '../db/schema';
import {
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
} from '../services/auth/session-policy';
import { createTestContext, DEFAULT_USER, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

describe.each(TEST_DATABASE_KINDS)('accounts on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  const userRow = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

  describe('register', () => {
    it('creates an active user with role user and an empty profile', async () => {
      const res = await t.client().post('/api/auth/register', {
        ...DEFAULT_USER,
        email: '  Grace@Example.com ',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ ok: true });
      const user = await userRow('grace@example.com');
      expect(user).toMatchObject({
        firstName: 'Ada',
        role: 'user',
        isActive: true,
        lastLogin: null,
      });
      expect(user?.createdAt).toBeInstanceOf(Date);
      // Full cost (N=2^17) outside Vitest workers: password.test.ts.
      expect(user?.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$/);
      const [profile] = await t.database.db
        .select()
        .from(userProfiles)
        .where(eq(userProfiles.userId, user?.id ?? ''));
      expect(profile).toMatchObject({
        dateOfBirth: null,
        gender: null,
        phoneNumber: null,
        address: null,
        timezone: null,
        language: null,
      });
    });

    it('answers a taken email exactly like a new one and changes nothing', async () => {
      const first = await t.client().post('/api/auth/register', {
        ...DEFAULT_USER,
        email: 'taken@example.com',
      });
      const second = await t.client().post('/api/auth/register', {
        email: 'taken@example.com',
        password: 'a different password!',
        firstName: 'Mallory',
        lastName: 'Other',
      });
      expect(second.status).toBe(first.status);
      expect(second.body).toEqual(first.body);
      expect(await userRow('taken@example.com')).toMatchObject({ firstName: 'Ada' });
      const login = await t
        .client()
        .post('/api/auth/login', { email: 'taken@example.com', password: DEFAULT_USER.password });
      expect(login.status).toBe(200);
    });

    it.each([
      ['a short password', { password: 'short-pass1' }, 'password'],
      ['a missing first name', { firstName: undefined }, 'firstName'],
      ['a blank last name', { lastName: '   ' }, 'lastName'],
      ['an invalid email', { email: 'not-an-email' }, 'email'],
      ['an attempt to set the role', { role: 'admin' }, 'role'],
      ['an attempt to set isActive', { isActive: false }, 'isActive'],
      ['a password over 128 characters', { password: 'x'.repeat(129) }, 'password'],
      ['a common password', { password: 'password1234' }, 'password'],
    ] as [string, Record<string, unknown>, string][])(
      'refuses %s with a 400 naming the field and creates nothing',
      async (_, change, field) => {
        const email = `bad-${field}@example.com`;
        const res = await t
          .client()
          .post('/api/auth/register', { ...DEFAULT_USER, email, ...change });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('BAD_REQUEST');
        expect(Object.keys(res.body.error.fields)).toContain(field);
        expect(await userRow(String(change.email ?? email))).toBeUndefined();
      },
    );

    it('refuses a body that is not JSON', async () => {
      const res = await t.client().request('POST', '/api/auth/register', { body: '{"email":' });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Request body must be valid JSON');
    });

    it('accepts a 128-character password with spaces and unicode, used exactly as typed', async () => {
      const password = `${'ü '.repeat(63)}ok`;
      const c = await t.signUp({ email: 'long@example.com', password });
      expect((await c.get('/api/session')).body.user.email).toBe('long@example.com');
      const trimmed = await t.client().post('/api/auth/login', {
        email: 'long@example.com',
        password: password.trim().slice(0, -1),
      });
      expect(trimmed.status).toBe(401);
    });
  });

  describe('login and logout', () => {
    beforeAll(async () => {
      await t.client().post('/api/auth/register', { ...DEFAULT_USER, email: 'login@example.com' });
    });

    it('sets an HttpOnly SameSite cookie, never puts the token in the body, and sets lastLogin', async () => {
      const c = t.client();
      const res = await c.post('/api/auth/login', {
        email: 'LOGIN@example.com',
        password: DEFAULT_USER.password,
      });
      expect(res.status).toBe(200);
      const setCookie = res.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Lax/);
      const token = c.cookie?.split('=')[1] ?? '';
      expect(token.length).toBeGreaterThanOrEqual(43);
      expect(JSON.stringify(res.body)).not.toContain(token);
      expect(res.body.user).toMatchObject({ email: 'login@example.com', role: 'user' });
      expect(res.body.user).not.toHaveProperty('passwordHash');
      expect((await userRow('login@example.com'))?.lastLogin).toBeInstanceOf(Date);
      expect((await c.get('/api/session')).body.user.email).toBe('login@example.com');
    });

    it('answers a wrong password and an unknown email the same way and logs LOGIN_ERROR', async () => {
      const wrong = await t
        .client()
        .post('/api/auth/login', { email: 'login@example.com', password: 'not the password' });
      const unknown = await t
        .client()
        .post('/api/auth/login', { email: 'nobody@example.com', password: 'not the password' });
      for (const res of [wrong, unknown]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          error: {
            code: 'UNAUTHENTICATED',
            message: 'Invalid email or password',
            messageId: 'errors.invalidCredentials',
          },
        });
        expect(res.headers.get('set-cookie')).toBeNull();
      }
      const logs = await t.database.db
        .select()
        .from(errorLogs)
        .where(eq(errorLogs.errorType, 'LOGIN_ERROR'));
      const emails = logs.map((log) => (log.context as { email: string }).email);
      expect(emails).toEqual(expect.arrayContaining(['login@example.com', 'nobody@example.com']));
      expect(logs[0]?.errorMessage).toBe('Invalid email or password');
      expect(JSON.stringify(logs)).not.toContain('not the password');
    });

    it('requires email and password, and logs the refused attempt', async () => {
      const res = await t.client().post('/api/auth/login', { email: 'missing@example.com' });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty('password');
      const logs = await t.database.db
        .select()
        .from(errorLogs)
        .where(eq(errorLogs.errorType, 'LOGIN_ERROR'));
      expect(logs.map((log) => log.context)).toContainEqual({
        email: 'missing@example.com',
        reason: 'invalid-request',
      });
    });

    it('issues a new token at each login and ends the previous one', async () => {
      const c = t.client();
      await c.post('/api/auth/login', {
        email: 'login@example.com',
        password: DEFAULT_USER.password,
      });
      const firstCookie = c.cookie;
      await c.post('/api/auth/login', {
        email: 'login@example.com',
        password: DEFAULT_USER.password,
      });
      expect(c.cookie).not.toBe(firstCookie);
      const replay = t.client();
      replay.cookie = firstCookie;
      expect((await replay.get('/api/session')).body.user).toBeNull();
    });

    it('logout ends the session on the server: the old cookie no longer works', async () => {
      const c = t.client();
      await c.post('/api/auth/login', {
        email: 'login@example.com',
        password: DEFAULT_USER.password,
      });
      const cookie = c.cookie;
      const res = await c.post('/api/auth/logout');
      expect(res.status).toBe(204);
      expect(c.cookie).toBeUndefined();
      const replay = t.client();
      replay.cookie = cookie;
      expect((await replay.get('/api/session')).body.user).toBeNull();
      expect((await replay.get('/api/me')).status).toBe(401);
    });

    it('an inactive user cannot log in, and deactivation ends their sessions', async () => {
      const c = await t.signUp({ email: 'inactive@example.com' });
      await t.database.db
        .update(users)
        .set({ isActive: false })
        .where(eq(users.email, 'inactive@example.com'));
      expect((await c.get('/api/session')).body.user).toBeNull();
      const login = await t.client().post('/api/auth/login', {
        email: 'inactive@example.com',
        password: DEFAULT_USER.password,
      });
      // The right password learns that the account is deactivated; a wrong one learns nothing.
      expect(login.status).toBe(403);
      expect(login.body.error.message).toBe(MESSAGES.accountDeactivated.message);
    });

    it('a session ends after 30 idle minutes', async () => {
      const c = await t.signUp({ email: 'idle@example.com' });
      t.clock.offsetMs += SESSION_IDLE_TIMEOUT_MS - 60_000;
      expect((await c.get('/api/session')).body.user?.email).toBe('idle@example.com');
      t.clock.offsetMs += SESSION_IDLE_TIMEOUT_MS + 1000;
      expect((await c.get('/api/session')).body.user).toBeNull();
      t.clock.offsetMs = 0;
    });
    it('marks every session seen when their requests arrive together', async () => {
      // Requests in one turn have their sessions marked seen in one statement (lib/batch.ts).
      const clients = await Promise.all(
        [1, 2, 3].map((n) => t.signUp({ email: `seen-${n}@example.com` })),
      );
      const step = SESSION_IDLE_TIMEOUT_MS - 60_000;
      for (let i = 0; i < 3; i++) {
        t.clock.offsetMs += step;
        const answers = await Promise.all(clients.map((c) => c.get('/api/session')));
        expect(answers.map((a) => a.body.user?.email)).toEqual([
          'seen-1@example.com',
          'seen-2@example.com',
          'seen-3@example.com',
        ]);
      }
      t.clock.offsetMs = 0;
    });
    it('a session ends 12 hours after login, however active', async () => {
      const c = await t.signUp({ email: 'absolute@example.com' });
      const stepMs = 25 * 60 * 1000;
      for (let elapsed = stepMs; elapsed < SESSION_ABSOLUTE_TIMEOUT_MS; elapsed += stepMs) {
        t.clock.offsetMs += stepMs;
        expect((await c.get('/api/session')).body.user?.email).toBe('absolute@example.com');
      }
      t.clock.offsetMs += stepMs;
      expect((await c.get('/api/session')).body.user).toBeNull();
      t.clock.offsetMs = 0;
    });
  });

  describe('cross-site requests', () => {
    it('refuses a state-changing request without our Origin, before doing anything', async () => {
      for (const origin of [null, 'https://evil.example']) {
        const res = await t.client().request('POST', '/api/auth/register', {
          origin,
          body: { ...DEFAULT_USER, email: 'csrf@example.com' },
        });
        expect(res.status).toBe(403);
      }
      expect(await userRow('csrf@example.com')).toBeUndefined();
    });

    it('refuses a form or text/plain body', async () => {
      const res = await t.client().request('POST', '/api/auth/login', {
        body: 'email=a@b.co&password=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Content-Type must be application/json');
    });
  });
});

describe('cookies over HTTPS', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('pglite', { APP_ORIGIN: 'https://cogni.example.org' });
  });
  afterAll(() => t.close());

  it('uses a Secure __Host- cookie and ignores a plain-named one', async () => {
    const c = await t.signUp({ email: 'secure@example.com' });
    expect(c.cookie).toMatch(/^__Host-cogni_session=/);
    const login = await t
      .client()
      .post('/api/auth/login', { email: 'secure@example.com', password: DEFAULT_USER.password });
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(
      /^__Host-cogni_session=[^;]+; .*Path=\/; .*HttpOnly; Secure; SameSite=Lax/,
    );
    expect(setCookie).not.toMatch(/Domain=/i);

    const planted = t.client();
    planted.cookie = c.cookie?.replace('__Host-cogni_session', 'cogni_session');
    expect((await planted.get('/api/session')).body.user).toBeNull();
    expect((await c.get('/api/session')).body.user.email).toBe('secure@example.com');
  });

  it('checks Origin against APP_ORIGIN', async () => {
    const res = await t.client().request('POST', '/api/auth/logout', {
      origin: 'http://cogni.example.org',
    });
    expect(res.status).toBe(403);
  });
});
