import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { errorLogs, knownDevices, users } from '../db/schema';
import { parseConfig } from '../env';
import { createLogger } from '../lib/logger';
import { hashSessionToken } from '../lib/tokens';
import { createTestContext, DEFAULT_USER, TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

const WRONG = 'not the right passphrase';
const LOCKED = /^Too many failed logins\. Try again in 15 minutes\.$/;
/** The first slowed-down login waits a second; a margin for timers firing a little early. */
const SLOWED_MS = 950;

/** The device cookie a login answer sets, as a `name=value` pair to send back. */
function deviceCookieOf(res: { headers: Headers }): string {
  const pair = res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .find((cookie) => cookie.startsWith('cogni_device='));
  if (!pair) throw new Error('no device cookie');
  return pair;
}

async function timed<T>(request: Promise<T>): Promise<T & { ms: number }> {
  const started = performance.now();
  const res = await request;
  return { ...res, ms: performance.now() - started };
}

describe.each(TEST_DATABASE_KINDS)('brute-force limits on %s', (kind) => {
  const contexts: TestContext[] = [];
  afterAll(() => Promise.all(contexts.map((t) => t.close())));

  async function context(env: Record<string, string> = {}) {
    const t = await createTestContext(kind, { TRUST_PROXY: 'true', ...env });
    contexts.push(t);
    return t;
  }

  function from(client: TestClient, ip: string, device?: string) {
    return {
      login: (email: string, password: string) =>
        client.request('POST', '/api/auth/login', {
          body: { email, password },
          headers: { 'x-forwarded-for': ip, ...(device ? { cookie: device } : {}) },
        }),
      register: (email: string) =>
        client.request('POST', '/api/auth/register', {
          body: { ...DEFAULT_USER, email },
          headers: { 'x-forwarded-for': ip },
        }),
    };
  }

  it('refuses the address that guessed, never the account: the right password from elsewhere logs in (slowed), a known device at once', async () => {
    const t = await context();
    await t.signUp();
    // The owner's browser logged in before, so the account knows it.
    const owner = await from(t.client(), '10.0.0.20').login(
      DEFAULT_USER.email,
      DEFAULT_USER.password,
    );
    expect(owner.status).toBe(200);
    const device = deviceCookieOf(owner);

    const attacker = from(t.client(), '10.0.0.1');
    for (let i = 0; i < 20; i += 1) {
      const res = await attacker.login(DEFAULT_USER.email, WRONG);
      expect(res.status).toBe(i < 10 ? 401 : 429);
      if (i >= 10) expect(res.body.error.message).toMatch(LOCKED);
    }
    // The address that guessed is refused even with the right password, and that is logged.
    expect((await attacker.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(429);
    const logged = await t.database.db
      .select()
      .from(errorLogs)
      .where(eq(errorLogs.errorType, 'LOGIN_ERROR'));
    expect(logged.map((l) => (l.context as { reason: string }).reason)).toContain('rate-limited');

    // Another address is not refused: a browser the account does not know waits, then logs in.
    const elsewhere = await timed(
      from(t.client(), '10.0.0.2').login(DEFAULT_USER.email, DEFAULT_USER.password),
    );
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.ms).toBeGreaterThanOrEqual(SLOWED_MS);

    // That login cleared the account's failures; ten more from a third address make it hot again.
    const third = from(t.client(), '10.0.0.3');
    for (let i = 0; i < 10; i += 1) {
      expect((await third.login(DEFAULT_USER.email, WRONG)).status).toBe(401);
    }
    // The known device logs in at once, even from the address that is refused.
    const known = await timed(
      from(t.client(), '10.0.0.1', device).login(DEFAULT_USER.email, DEFAULT_USER.password),
    );
    expect(known.status).toBe(200);
    expect(known.ms).toBeLessThan(SLOWED_MS);
    expect(deviceCookieOf(known)).toBe(device);

    t.clock.offsetMs = 15 * 60 * 1000 + 1000;
    expect((await attacker.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(200);
  });

  it('slows down logins to a guessed account one at a time, however many arrive at once', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '2' });
    await t.signUp();
    for (const ip of ['10.0.1.1', '10.0.1.2']) {
      const fast = await timed(from(t.client(), ip).login(DEFAULT_USER.email, WRONG));
      expect(fast.status).toBe(401);
      expect(fast.ms).toBeLessThan(SLOWED_MS);
    }
    // Three guesses at once from three addresses: each waits for a turn a second after the last.
    const started = performance.now();
    const finished = await Promise.all(
      ['10.0.1.3', '10.0.1.4', '10.0.1.5'].map((ip) =>
        from(t.client(), ip)
          .login(DEFAULT_USER.email, WRONG)
          .then((res) => ({ status: res.status, ms: performance.now() - started })),
      ),
    );
    expect(finished.map((f) => f.status)).toEqual([401, 401, 401]);
    const times = finished.map((f) => f.ms).sort((a, b) => a - b);
    times.forEach((ms, i) => {
      expect(ms).toBeGreaterThanOrEqual((i + 1) * SLOWED_MS);
    });
  });

  it('treats an unknown email the same way, so neither refusal nor slow-down reveals anything', async () => {
    const t = await context({
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: '3',
    });
    const client = from(t.client(), '10.0.0.3');
    for (let i = 0; i < 3; i += 1) {
      expect((await client.login('nobody@example.com', WRONG)).status).toBe(401);
    }
    expect((await client.login('nobody@example.com', WRONG)).body.error.message).toMatch(LOCKED);
    const elsewhere = await timed(from(t.client(), '10.0.0.4').login('nobody@example.com', WRONG));
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.ms).toBeGreaterThanOrEqual(SLOWED_MS);
  });

  it('sets a long-lived HttpOnly device cookie, and forgets a device that guesses too often', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: '3' });
    await t.signUp();
    const first = await from(t.client(), '10.0.2.1').login(
      DEFAULT_USER.email,
      DEFAULT_USER.password,
    );
    const header = first.headers.getSetCookie().find((c) => c.startsWith('cogni_device='));
    expect(header).toMatch(
      /^cogni_device=[\w-]{43}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    const device = deviceCookieOf(first);
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, DEFAULT_USER.email));
    const stored = await t.database.db.select().from(knownDevices);
    // Only the token's SHA-256 is stored.
    const deviceId = hashSessionToken(device.slice('cogni_device='.length));
    expect(stored.find((d) => d.id === deviceId)?.userId).toBe(user?.id);
    expect(JSON.stringify(stored)).not.toContain(device.split('=')[1]);

    // The device's own failures are its own: three, then the account forgets it.
    const fromDevice = from(t.client(), '10.0.2.1', device);
    for (let i = 0; i < 3; i += 1) {
      expect((await fromDevice.login(DEFAULT_USER.email, WRONG)).status).toBe(401);
    }
    const again = await fromDevice.login(DEFAULT_USER.email, DEFAULT_USER.password);
    // Forgotten, it logged in as a new browser would, and was given a new token.
    expect(again.status).toBe(200);
    expect(deviceCookieOf(again)).not.toBe(device);
    const left = await t.database.db.select().from(knownDevices);
    expect(left).toHaveLength(stored.length);
    expect(left.map((d) => d.id)).not.toContain(deviceId);
  });

  it('forgets an account’s failures after a successful login', async () => {
    const t = await context({
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: '3',
    });
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
    // The same report three times: one entry that counts three.
    expect(stored.map((log) => log.count)).toEqual([3]);
  });

  it('counts the address the proxy saw, not one the client put in X-Forwarded-For', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_IP: '2' });
    // The proxy appends the address it saw to whatever the client sent.
    const spoofing = (i: number) => from(t.client(), `203.0.113.${i}, 10.0.0.8`);
    expect((await spoofing(1).login('a@example.com', WRONG)).status).toBe(401);
    expect((await spoofing(2).login('b@example.com', WRONG)).status).toBe(401);
    expect((await spoofing(3).login('c@example.com', WRONG)).status).toBe(429);
  });

  it('counts in the database, so two server instances share the limits', async () => {
    const env = {
      TRUST_PROXY: 'true',
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '4',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: '4',
    };
    const t = await context(env);
    await t.signUp();
    const second = createApp({
      db: t.database.db,
      now: () => new Date(),
      config: parseConfig(env),
      logger: createLogger('silent'),
    });
    const one = from(t.client(), '10.0.0.8');
    const two = from(new TestClient(second), '10.0.0.8');
    for (let i = 0; i < 2; i += 1) {
      expect((await one.login(DEFAULT_USER.email, WRONG)).status).toBe(401);
      expect((await two.login(DEFAULT_USER.email, WRONG)).status).toBe(401);
    }
    expect((await one.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(429);
    expect((await two.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(429);
    // The account's four failures slow down a new browser on the other instance too.
    const elsewhere = await timed(
      from(new TestClient(second), '10.0.0.9').login(DEFAULT_USER.email, DEFAULT_USER.password),
    );
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.ms).toBeGreaterThanOrEqual(SLOWED_MS);
  });
});
