import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { authSessions, errorLogs, knownDevices, rateLimits, users } from '../db/schema';
import { parseConfig } from '../env';
import { createLogger } from '../lib/logger';
import { hashSessionToken } from '../lib/tokens';
import { KNOWN_DEVICES_PER_ACCOUNT } from '../services/auth/known-devices';
import {
  LOGIN_MAX_WAIT_MS,
  LOGINS_SLEEPING,
  sleepingLogins,
  slowedLogins,
} from '../services/auth/login-throttle';
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
    const slowedBefore = slowedLogins();
    const known = await from(t.client(), '10.0.0.1', device).login(
      DEFAULT_USER.email,
      DEFAULT_USER.password,
    );
    expect(known.status).toBe(200);
    expect(slowedLogins()).toBe(slowedBefore);
    expect(deviceCookieOf(known)).toBe(device);

    t.clock.offsetMs = 15 * 60 * 1000 + 1000;
    expect((await attacker.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(200);
  }, 60_000);

  it('slows down logins to a guessed account: addresses that tried it go one turn at a time, however many arrive at once', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '2' });
    await t.signUp();
    const slowedBefore = slowedLogins();
    for (const ip of ['10.0.1.1', '10.0.1.2']) {
      expect((await from(t.client(), ip).login(DEFAULT_USER.email, WRONG)).status).toBe(401);
    }
    expect(slowedLogins()).toBe(slowedBefore);
    // Three guesses at once from the addresses that tried: each waits for a turn a second after
    // the last, so they finish in that order, the n-th after at least n seconds.
    const started = performance.now();
    const finished = await Promise.all(
      ['10.0.1.1', '10.0.1.2', '10.0.1.1'].map((ip) =>
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

  it('answers the owner’s right password from a fresh address and a new browser after one step, whatever a crowd from another address booked', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_ACCOUNT: '2' });
    await t.signUp();
    const a = from(t.client(), '10.0.4.1');
    for (let i = 0; i < 2; i += 1) {
      expect((await a.login(DEFAULT_USER.email, WRONG)).status).toBe(401);
    }
    const b = from(t.client(), '10.0.4.2');
    let mostSleeping = 0;
    let refused = 0;
    const crowd = Array.from({ length: 40 }, () =>
      b.login(DEFAULT_USER.email, WRONG).then((res) => {
        mostSleeping = Math.max(mostSleeping, sleepingLogins());
        if (res.status === 429) refused += 1;
        return res.status;
      }),
    );
    // The pair's limit lets ten of the forty through (one fresh, nine booking turns a second
    // apart); the rest are refused at once.
    await vi.waitFor(() => expect(refused).toBe(30), { timeout: 20_000 });
    mostSleeping = Math.max(mostSleeping, sleepingLogins());
    expect(sleepingLogins()).toBeGreaterThan(0);
    const owner = await timed(
      from(t.client(), '10.0.4.3').login(DEFAULT_USER.email, DEFAULT_USER.password),
    );
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(SLOWED_MS);
    expect(owner.ms).toBeLessThan(LOGIN_MAX_WAIT_MS / 3);
    // It did not wait for the crowd's turns, which are still running.
    expect(sleepingLogins()).toBeGreaterThan(0);
    // The owner's login forgot the account's turns: the crowd's sleeping guesses still run, but
    // a later login books from now, not behind them.
    expect(
      await t.database.db.select().from(rateLimits).where(like(rateLimits.key, '%-turn:%')),
    ).toEqual([]);
    const statuses = await Promise.all(crowd);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(mostSleeping).toBeLessThanOrEqual(LOGINS_SLEEPING);
    expect(sleepingLogins()).toBe(0);
  }, 60_000);

  it('counts attempts from one address before the password is checked, so parallel ones stop at the pair’s limit', async () => {
    const t = await context({ RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: '3' });
    await t.signUp();
    const one = from(t.client(), '10.0.5.1');
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => one.login(DEFAULT_USER.email, WRONG).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await one.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(429);
    // The account is not refused: another address logs in, and that clears only its own pair.
    expect(
      (await from(t.client(), '10.0.5.2').login(DEFAULT_USER.email, DEFAULT_USER.password)).status,
    ).toBe(200);
    expect((await one.login(DEFAULT_USER.email, DEFAULT_USER.password)).status).toBe(429);
  });

  it('keeps an account’s twenty devices used last', async () => {
    const t = await context();
    await t.signUp();
    const cookies: string[] = [];
    for (let i = 0; i < KNOWN_DEVICES_PER_ACCOUNT + 2; i += 1) {
      t.clock.offsetMs = i * 1000;
      const res = await from(t.client(), '10.0.6.1').login(
        DEFAULT_USER.email,
        DEFAULT_USER.password,
      );
      expect(res.status).toBe(200);
      cookies.push(deviceCookieOf(res));
    }
    const ids = (await t.database.db.select().from(knownDevices)).map((d) => d.id);
    const idOf = (cookie: string) => hashSessionToken(cookie.slice('cogni_device='.length));
    expect(ids.sort()).toEqual(cookies.slice(2).map(idOf).sort());
    // Using a kept device keeps it: the oldest kept one, used now, survives the next new one.
    const oldest = cookies[2] ?? '';
    t.clock.offsetMs = 100_000;
    const again = await from(t.client(), '10.0.6.1', oldest).login(
      DEFAULT_USER.email,
      DEFAULT_USER.password,
    );
    expect(deviceCookieOf(again)).toBe(oldest);
    t.clock.offsetMs = 101_000;
    await from(t.client(), '10.0.6.1').login(DEFAULT_USER.email, DEFAULT_USER.password);
    const left = (await t.database.db.select().from(knownDevices)).map((d) => d.id);
    expect(left).toHaveLength(KNOWN_DEVICES_PER_ACCOUNT);
    expect(left).toContain(idOf(oldest));
    expect(left).not.toContain(idOf(cookies[3] ?? ''));
  });

  it('answers any login to a hot account without a 5xx, and a refused one changes nothing', async () => {
    const t = await context({
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '1',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: '2',
    });
    await t.signUp();
    const owner = await from(t.client(), '10.0.7.9').login(
      DEFAULT_USER.email,
      DEFAULT_USER.password,
    );
    const device = deviceCookieOf(owner);
    for (const email of [DEFAULT_USER.email, 'nobody@example.com']) {
      expect((await from(t.client(), '10.0.7.1').login(email, WRONG)).status).toBe(401);
    }
    const snapshot = async () => ({
      users: await t.database.db.select().from(users),
      sessions: (await t.database.db.select().from(authSessions)).length,
      devices: (await t.database.db.select().from(knownDevices)).length,
      turns: await t.database.db.select().from(rateLimits).where(like(rateLimits.key, '%-turn:%')),
    });
    const before = await snapshot();
    const emails = [DEFAULT_USER.email, 'nobody@example.com', DEFAULT_USER.email.toUpperCase()];
    const bodies: unknown[] = [
      ...emails.flatMap((email) => [
        { email, password: WRONG },
        { email, password: 'x'.repeat(5000) },
        { email, password: '' },
        { email, password: '\u0000\ud800 é' },
        { email },
        { email, password: 42 },
      ]),
      {},
      null,
      [],
      'not json',
      { email: 'a'.repeat(400), password: WRONG },
      { email: { $ne: null }, password: WRONG },
    ];
    const sent = bodies.flatMap((body, i) =>
      ['10.0.7.1', '10.0.7.1', `10.0.7.${10 + (i % 3)}`].map((ip, j) =>
        t
          .client()
          .request('POST', '/api/auth/login', {
            body,
            headers: {
              'x-forwarded-for': ip,
              ...(j === 2 && i % 2 === 0 ? { cookie: 'cogni_device=forged' } : {}),
            },
          })
          .then((res) => res.status),
      ),
    );
    const statuses = await Promise.all(sent);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(new Set(statuses)).toContain(429);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    const after = await snapshot();
    expect(after.users).toEqual(before.users);
    expect(after.sessions).toBe(before.sessions);
    expect(after.devices).toBe(before.devices);
    // Turns booked by attempts that went through are in the past; none lies beyond the bound.
    for (const turn of after.turns) {
      expect(turn.windowStart.getTime()).toBeLessThanOrEqual(Date.now() + LOGIN_MAX_WAIT_MS);
    }
    // The owner's device is never slowed down or refused by any of it.
    const slowedBefore = slowedLogins();
    const known = await from(t.client(), '10.0.7.1', device).login(
      DEFAULT_USER.email,
      DEFAULT_USER.password,
    );
    expect(known.status).toBe(200);
    expect(slowedLogins()).toBe(slowedBefore);
    expect(sleepingLogins()).toBe(0);
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

  it('counts an IPv6 client by its /64 in every per-address limit: logins, sign-ups, error reports', async () => {
    const t = await context({
      RATE_LIMIT_LOGIN_PER_IP: '2',
      RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: '2',
      RATE_LIMIT_SIGNUP_PER_IP: '1',
      RATE_LIMIT_ERROR_REPORTS_PER_IP: '1',
    });
    // Each request from a new address of one /64, as one machine can choose them.
    const inNetwork = (i: number) => from(t.client(), `2001:db8:7:1:${i.toString(16)}::1`);
    expect((await inNetwork(1).login('x@example.com', WRONG)).status).toBe(401);
    expect((await inNetwork(2).login('y@example.com', WRONG)).status).toBe(401);
    expect((await inNetwork(3).login('z@example.com', WRONG)).status).toBe(429);
    // One account from the network: the pair's limit holds across its addresses too.
    const pairs = await context({ RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: '2' });
    const pairFrom = (i: number) => from(pairs.client(), `2001:db8:7:2::${i.toString(16)}`);
    expect((await pairFrom(1).login('w@example.com', WRONG)).status).toBe(401);
    expect((await pairFrom(2).login('w@example.com', WRONG)).status).toBe(401);
    expect((await pairFrom(3).login('w@example.com', WRONG)).status).toBe(429);

    expect((await inNetwork(4).register('one@example.com')).status).toBe(201);
    expect((await inNetwork(5).register('two@example.com')).status).toBe(429);
    // Another /64 is another client.
    expect((await from(t.client(), '2001:db8:7:3::1').register('two@example.com')).status).toBe(
      201,
    );

    const report = (ip: string) =>
      t.client().request('POST', '/api/error-logs', {
        body: { errorType: 'RENDER_ERROR', errorMessage: 'boom' },
        headers: { 'x-forwarded-for': ip },
      });
    expect((await report('2001:db8:7:4::1')).status).toBe(204);
    expect((await report('2001:db8:7:4:ffff::2')).status).toBe(429);
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
