import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { errorLogs } from '../db/schema';
import { parseConfig } from '../env';
import { createLogger } from '../lib/logger';
import { createTestContext, DEFAULT_USER, TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

const WRONG = 'not the right passphrase';
const LOCKED = /^Too many failed logins\. Try again in 15 minutes\.$/;

describe.each(TEST_DATABASE_KINDS)('brute-force limits on %s', (kind) => {
  const contexts: TestContext[] = [];
  afterAll(() => Promise.all(contexts.map((t) => t.close())));

  async function context(env: Record<string, string> = {}) {
    const t = await createTestContext(kind, { TRUST_PROXY: 'true', ...env });
    contexts.push(t);
    return t;
  }

  function from(client: TestClient, ip: string) {
    return {
      login: (email: string, password: string) =>
        client.request('POST', '/api/auth/login', {
          body: { email, password },
          headers: { 'x-forwarded-for': ip },
        }),
      register: (email: string) =>
        client.request('POST', '/api/auth/register', {
          body: { ...DEFAULT_USER, email },
          headers: { 'x-forwarded-for': ip },
        }),
    };
  }

  it('locks an account after 10 failed logins for 15 minutes, even for the right password, and logs it', async () => {
    const t = await context();
    await t.signUp();
    const client = from(t.client(), '10.0.0.1');
    for (let i = 0; i < 10; i += 1) {
      expect((await client.login(DEFAULT_USER.email, WRONG)).status).toBe(401);
    }
    const locked = await client.login(DEFAULT_USER.email, DEFAULT_USER.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(LOCKED);
    // Another address changes nothing: the lock is on the account.
    expect(
      (await from(t.client(), '10.0.0.2').login(DEFAULT_USER.email, DEFAULT_USER.password)).status,
    ).toBe(429);
    const logged = await t.database.db
      .select()
      .from(errorLogs)
      .where(eq(errorLogs.errorType, 'LOGIN_ERROR'));
    expect(logged.map((l) => (l.context as { reason: string }).reason)).toContain('rate-limited');

    t.clock.offsetMs = 15 * 60 * 1000 + 1000;
    expect((await client.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(200);
  });

  it('locks an unknown email the same way, so a lockout reveals nothing', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' });
    const client = from(t.client(), '10.0.0.3');
    for (let i = 0; i < 3; i += 1) {
      expect((await client.login('nobody@example.com', WRONG)).status).toBe(401);
    }
    expect((await client.login('nobody@example.com', WRONG)).body.error.message).toMatch(LOCKED);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '3' });
    await t.signUp();
    const client = from(t.client(), '10.0.0.4');
    for (let round = 0; round < 2; round += 1) {
      for (let i = 0; i < 2; i += 1) {
        expect((await client.login(DEFAULT_USER.email, WRONG)).status).toBe(401);
      }
      expect((await client.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(200);
    }
  });

  it('limits failed logins per address across accounts, and sign-ups per address', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_IP: '4', RATE_LIMIT_SIGNUP_PER_IP: '2' });
    const guesser = from(t.client(), '10.0.0.5');
    for (let i = 0; i < 4; i += 1) {
      expect((await guesser.login(`victim${i}@example.com`, WRONG)).status).toBe(401);
    }
    expect((await guesser.login('victim9@example.com', WRONG)).status).toBe(429);
    expect((await from(t.client(), '10.0.0.6').login('victim9@example.com', WRONG)).status).toBe(
      401,
    );

    expect((await guesser.register('one@example.com')).status).toBe(201);
    expect((await guesser.register('two@example.com')).status).toBe(201);
    const third = await guesser.register('three@example.com');
    expect(third.status).toBe(429);
    expect(third.body.error.message).toMatch(/^Too many sign-ups\. Try again in 60 minutes\.$/);
    expect((await from(t.client(), '10.0.0.7').register('three@example.com')).status).toBe(201);
  });

  it('limits browser error reports per address', async () => {
    const t = await context({ RATE_LIMIT_ERROR_REPORTS_PER_IP: '2' });
    const report = (ip: string) =>
      t.client().request('POST', '/api/error-logs', {
        body: { errorType: 'RENDER_ERROR', errorMessage: 'boom' },
        headers: { 'x-forwarded-for': ip },
      });
    expect((await report('10.0.0.9')).status).toBe(204);
    expect((await report('10.0.0.9')).status).toBe(204);
    const refused = await report('10.0.0.9');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(
      /^Too many error reports\. Try again in 15 minutes\.$/,
    );
    expect((await report('10.0.0.10')).status).toBe(204);
    const stored = await t.database.db
      .select()
      .from(errorLogs)
      .where(eq(errorLogs.errorType, 'RENDER_ERROR'));
    expect(stored).toHaveLength(3);
  });

  it('counts the address the proxy saw, not one the client put in X-Forwarded-For', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_IP: '2' });
    // The proxy appends the address it saw to whatever the client sent.
    const spoofing = (i: number) => from(t.client(), `203.0.113.${i}, 10.0.0.8`);
    expect((await spoofing(1).login('a@example.com', WRONG)).status).toBe(401);
    expect((await spoofing(2).login('b@example.com', WRONG)).status).toBe(401);
    expect((await spoofing(3).login('c@example.com', WRONG)).status).toBe(429);
  });

  it('counts in the database, so two server instances share the limit', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '4' });
    await t.signUp();
    const second = createApp({
      db: t.database.db,
      now: () => new Date(),
      config: parseConfig({ TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_PER_ACCOUNT: '4' }),
      logger: createLogger('silent'),
    });
    const one = from(t.client(), '10.0.0.8');
    const two = from(new TestClient(second), '10.0.0.9');
    for (let i = 0; i < 2; i += 1) {
      expect((await one.login(DEFAULT_USER.email, WRONG)).status).toBe(401);
      expect((await two.login(DEFAULT_USER.email, WRONG)).status).toBe(401);
    }
    expect((await one.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(429);
    expect((await two.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(429);
  });
});
