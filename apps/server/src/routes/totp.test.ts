import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, errorLogs, totpRecoveryCodes, users } from '../db/schema';
import { generateTotp } from '../lib/totp';
import { LOGIN_CHALLENGE_EXPIRED } from '../services/auth/login-challenge';
import { slowedLogins } from '../services/auth/login-throttle';
import { WRONG_TOTP_CODE } from '../services/auth/totp/spend-code';
import {
  createTestContext,
  DEFAULT_USER,
  type TestClient,
  type TestContext,
} from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

const STEP_MS = 30_000;
/** The first slowed-down login waits a second; a margin for timers firing a little early. */
const SLOWED_MS = 950;

describe.each(TEST_DATABASE_KINDS)('two-factor login (TOTP) on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t?.close());

  /** The code an authenticator app shows now, by the server's (test) clock. */
  function codeNow(secret: string, offsetSteps = 0): string {
    return generateTotp(secret, Date.now() + t.clock.offsetMs + offsetSteps * STEP_MS);
  }

  /** A code that is wrong now (and in the steps either side). */
  function wrongCode(secret: string): string {
    const near = new Set([-1, 0, 1].map((steps) => codeNow(secret, steps)));
    for (let n = 0; ; n += 1) {
      const code = String(n).padStart(6, '0');
      if (!near.has(code)) return code;
    }
  }

  /** Moves the server clock to the next step, so a fresh code is not a replay of the last. */
  function nextStep() {
    t.clock.offsetMs += STEP_MS;
  }

  async function enrolWithCodes(client: TestClient, password = DEFAULT_USER.password) {
    const setup = await client.post('/api/me/totp/setup');
    expect(setup.status).toBe(200);
    const confirmed = await client.post('/api/me/totp/confirm', {
      password,
      code: codeNow(setup.body.secret),
    });
    expect(confirmed.status).toBe(200);
    return {
      secret: setup.body.secret as string,
      recoveryCodes: confirmed.body.recoveryCodes as string[],
    };
  }

  async function enrol(client: TestClient, password = DEFAULT_USER.password): Promise<string> {
    return (await enrolWithCodes(client, password)).secret;
  }

  function passwordStep(client: TestClient, email: string, password = DEFAULT_USER.password) {
    return client.post('/api/auth/login', { email, password });
  }

  it('enrols after the password and a code, shows the secret once, and ends other sessions', async () => {
    const email = 'enrol@example.com';
    const here = await t.signUp({ email });
    const elsewhere = t.client();
    expect((await passwordStep(elsewhere, email)).status).toBe(200);

    const setup = await here.post('/api/me/totp/setup');
    expect(setup.status).toBe(200);
    const { secret, otpauthUri, qrCodeDataUrl } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Cogni:enrol%40example.com?secret=${secret}&issuer=Cogni&algorithm=SHA1&digits=6&period=30`,
    );
    const svg = Buffer.from(qrCodeDataUrl.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64');
    expect(svg.toString()).toMatch(/^<svg [^>]*viewBox=/);

    // Nothing is on until confirmed: the password alone still logs in.
    expect((await here.get('/api/session')).body.user.totpEnabled).toBe(false);
    expect((await passwordStep(t.client(), email)).body.user).toBeDefined();

    const wrongPassword = await here.post('/api/me/totp/confirm', {
      password: 'not the password at all',
      code: codeNow(secret),
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.fields).toEqual({
      password: 'This is not your current password',
    });
    const wrong = await here.post('/api/me/totp/confirm', {
      password: DEFAULT_USER.password,
      code: wrongCode(secret),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ code: WRONG_TOTP_CODE.message });
    const malformed = await here.post('/api/me/totp/confirm', {
      password: DEFAULT_USER.password,
      code: '12 34',
    });
    expect(malformed.body.error.fields).toEqual({
      code: 'Enter the 6-digit code from your authenticator app',
    });
    expect((await here.get('/api/session')).body.user.totpEnabled).toBe(false);

    const confirmed = await here.post('/api/me/totp/confirm', {
      password: DEFAULT_USER.password,
      code: codeNow(secret),
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.user).toMatchObject({ email, totpEnabled: true });
    // The two other sessions began with the password alone.
    expect(confirmed.body.endedSessions).toBe(2);
    const { recoveryCodes } = confirmed.body;
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){5}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Only hashes are kept (120-bit codes: SHA-256 is enough, ASVS 6.5.2).
    const stored = await t.database.db.select().from(totpRecoveryCodes);
    const storedText = JSON.stringify(stored);
    for (const code of recoveryCodes) {
      expect(storedText).not.toContain(code);
      expect(storedText).not.toContain(code.replaceAll('-', '').toUpperCase());
    }
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    expect((await here.get('/api/me')).status).toBe(200);

    // The secret never leaves the server again.
    const again = await here.post('/api/me/totp/setup');
    expect(again.status).toBe(409);
    for (const path of ['/api/session', '/api/me', '/api/me/account-export']) {
      const text = JSON.stringify((await here.get(path)).body);
      expect(text, path).not.toContain(secret);
    }
  });

  it('logs in only with a code after the password; the password step is no session', async () => {
    const email = 'login@example.com';
    const secret = await enrol(await t.signUp({ email }));
    nextStep();

    const client = t.client();
    const step = await passwordStep(client, email);
    expect(step.status).toBe(200);
    expect(step.body).toEqual({
      totpRequired: true,
      challengeId: expect.stringMatching(/^[\w-]{43}$/),
      expiresAt: expect.any(String),
    });
    expect(step.headers.get('set-cookie')).toBeNull();
    expect((await client.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/session')).body).toEqual({ user: null, language: null });

    const wrong = await client.post('/api/auth/login/totp', {
      challengeId: step.body.challengeId,
      code: wrongCode(secret),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: WRONG_TOTP_CODE.message,
    });
    expect((await client.get('/api/me')).status).toBe(401);

    const code = codeNow(secret);
    const done = await client.post('/api/auth/login/totp', {
      challengeId: step.body.challengeId,
      code,
    });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ email, totpEnabled: true });
    expect(done.headers.get('set-cookie')).toMatch(/^cogni_session=/);
    expect((await client.get('/api/me')).status).toBe(200);

    // The challenge is single-use, and so is the code (within its window, RFC 6238 5.2).
    const reusedChallenge = await t.client().post('/api/auth/login/totp', {
      challengeId: step.body.challengeId,
      code: codeNow(secret, 1),
    });
    expect(reusedChallenge.status).toBe(401);
    expect(reusedChallenge.body.error.message).toBe(LOGIN_CHALLENGE_EXPIRED.message);
    const second = t.client();
    const again = await passwordStep(second, email);
    const replayed = await second.post('/api/auth/login/totp', {
      challengeId: again.body.challengeId,
      code,
    });
    expect(replayed.status).toBe(401);
    expect(replayed.body.error.message).toBe(WRONG_TOTP_CODE.message);
    // The next step's code works (and so does the step after the current, for clock drift).
    const drifted = await second.post('/api/auth/login/totp', {
      challengeId: again.body.challengeId,
      code: codeNow(secret, 1),
    });
    expect(drifted.status).toBe(200);

    const logged = await t.database.db
      .select()
      .from(errorLogs)
      .where(eq(errorLogs.errorType, 'LOGIN_ERROR'));
    // Two wrong codes for one account: one entry that counts two.
    const wrongCodes = logged.filter(
      (l) => (l.context as { reason: string }).reason === 'wrong-totp-code',
    );
    expect(wrongCodes.map((l) => l.count)).toEqual([2]);
  });

  it('logs in once with each recovery code, typed in any case, and turns off with one', async () => {
    const email = 'lost-phone@example.com';
    const here = await t.signUp({ email });
    const { recoveryCodes } = await enrolWithCodes(here);
    const [first = '', second = '', third = ''] = recoveryCodes;

    const client = t.client();
    const step = await passwordStep(client, email);
    const typed = first.replaceAll('-', '').toUpperCase();
    const done = await client.post('/api/auth/login/totp', {
      challengeId: step.body.challengeId,
      code: typed,
    });
    expect(done.status).toBe(200);

    const again = t.client();
    const retry = await passwordStep(again, email);
    const reused = await again.post('/api/auth/login/totp', {
      challengeId: retry.body.challengeId,
      code: first,
    });
    expect(reused.status).toBe(401);
    expect(reused.body.error.message).toBe(WRONG_TOTP_CODE.message);
    const notOurs = await again.post('/api/auth/login/totp', {
      challengeId: retry.body.challengeId,
      code: 'aaaa-bbbb-cccc-dddd-eeee-ffff',
    });
    expect(notOurs.status).toBe(401);
    expect(
      (
        await again.post('/api/auth/login/totp', {
          challengeId: retry.body.challengeId,
          code: second,
        })
      ).status,
    ).toBe(200);

    // A lost phone: turning it off takes the password and a recovery code, and drops the rest.
    const off = await again.request('DELETE', '/api/me/totp', {
      body: { password: DEFAULT_USER.password, code: third },
    });
    expect(off.status).toBe(200);
    const left = await t.database.db
      .select()
      .from(totpRecoveryCodes)
      .innerJoin(users, eq(users.id, totpRecoveryCodes.userId))
      .where(eq(users.email, email));
    expect(left).toEqual([]);
  });

  it('lets a challenge lapse after five minutes', async () => {
    const email = 'lapse@example.com';
    const secret = await enrol(await t.signUp({ email }));
    nextStep();
    const client = t.client();
    const step = await passwordStep(client, email);
    t.clock.offsetMs += 5 * 60 * 1000 + 1000;
    const late = await client.post('/api/auth/login/totp', {
      challengeId: step.body.challengeId,
      code: codeNow(secret),
    });
    expect(late.status).toBe(401);
    expect(late.body.error.message).toBe(LOGIN_CHALLENGE_EXPIRED.message);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('counts wrong codes like wrong passwords: the account is slowed down, never locked, until the right code', async () => {
    const email = 'guess@example.com';
    const secret = await enrol(await t.signUp({ email }));
    nextStep();
    const client = t.client();
    // Each challenge takes five wrong codes; the password is given again in between.
    for (let round = 0; round < 2; round += 1) {
      const { challengeId } = (await passwordStep(client, email)).body;
      for (let i = 0; i < 5; i += 1) {
        const res = await client.post('/api/auth/login/totp', {
          challengeId,
          code: wrongCode(secret),
        });
        expect(res.status).toBe(401);
      }
      // The sixth guess finds the challenge gone.
      const dropped = await client.post('/api/auth/login/totp', {
        challengeId,
        code: codeNow(secret),
      });
      expect(dropped.body.error.message).toBe(LOGIN_CHALLENGE_EXPIRED.message);
    }
    // Ten wrong codes: a browser the account does not know now waits at the password step (the
    // right password does not clear the failures) and at the code step, and is never refused.
    let started = performance.now();
    const slowed = await passwordStep(client, email);
    expect(slowed.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOWED_MS);
    started = performance.now();
    const res = await client.post('/api/auth/login/totp', {
      challengeId: slowed.body.challengeId,
      code: codeNow(secret),
    });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SLOWED_MS);
    // The right code cleared them: the next login waits for nothing.
    const slowedBefore = slowedLogins();
    expect((await passwordStep(t.client(), email)).status).toBe(200);
    expect(slowedLogins()).toBe(slowedBefore);
  });

  it('refuses the code step of an account deactivated after its password step', async () => {
    const email = 'deactivated-between@example.com';
    const secret = await enrol(await t.signUp({ email }));
    nextStep();
    const client = t.client();
    const { challengeId } = (await passwordStep(client, email)).body;
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.email, email));
    const res = await client.post('/api/auth/login/totp', { challengeId, code: codeNow(secret) });
    expect(res.status).toBe(403);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('turns off with the password and a code; then the password alone logs in', async () => {
    const email = 'disable@example.com';
    const here = await t.signUp({ email });
    const secret = await enrol(here);
    nextStep();

    const noPassword = await here.request('DELETE', '/api/me/totp', {
      body: { password: 'not the password at all', code: codeNow(secret) },
    });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.fields).toEqual({ password: 'This is not your current password' });
    const noCode = await here.request('DELETE', '/api/me/totp', {
      body: { password: DEFAULT_USER.password, code: wrongCode(secret) },
    });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.fields).toEqual({ code: WRONG_TOTP_CODE.message });
    expect((await here.get('/api/session')).body.user.totpEnabled).toBe(true);

    const off = await here.request('DELETE', '/api/me/totp', {
      body: { password: DEFAULT_USER.password, code: codeNow(secret) },
    });
    expect(off.status).toBe(200);
    expect(off.body.user.totpEnabled).toBe(false);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({
      totpSecret: null,
      totpLastUsedStep: null,
      totpPendingSecret: null,
    });

    const login = await passwordStep(t.client(), email);
    expect(login.body.user).toMatchObject({ email, totpEnabled: false });
    const offAgain = await here.request('DELETE', '/api/me/totp', {
      body: { password: DEFAULT_USER.password, code: codeNow(secret) },
    });
    expect(offAgain.status).toBe(409);
  });

  it('counts wrong codes at turn-off with wrong passwords: refused past ten, each one audit-logged, logins unaffected', async () => {
    const email = 'stolen-session@example.com';
    const here = await t.signUp({ email });
    const secret = await enrol(here);
    nextStep();
    const turnOff = (code: string) =>
      here.request('DELETE', '/api/me/totp', { body: { password: DEFAULT_USER.password, code } });
    for (let i = 0; i < 10; i += 1) expect((await turnOff(wrongCode(secret))).status).toBe(400);
    // Refused now, even with the right code; logging in is another matter and stays open.
    const refused = await turnOff(codeNow(secret));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(
      /^Too many wrong passwords or codes\. Try again in 15 minutes\.$/,
    );
    expect((await here.get('/api/session')).body.user.totpEnabled).toBe(true);
    expect((await passwordStep(t.client(), email)).body.totpRequired).toBe(true);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    const audited = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, user?.id ?? ''));
    expect(audited.filter((e) => e.action === 'WRONG_TOTP_CODE')).toHaveLength(10);
    for (const entry of audited.filter((e) => e.action === 'WRONG_TOTP_CODE')) {
      expect(entry).toMatchObject({ actorId: user?.id, details: { purpose: 'totp-disable' } });
    }

    t.clock.offsetMs += 15 * 60 * 1000 + 1000;
    expect((await turnOff(codeNow(secret))).status).toBe(200);
  });

  it('forgets a setup that is not confirmed within 15 minutes', async () => {
    const here = await t.signUp({ email: 'slow@example.com' });
    const { secret } = (await here.post('/api/me/totp/setup')).body;
    t.clock.offsetMs += 15 * 60 * 1000 + 1000;
    const late = await here.post('/api/me/totp/confirm', {
      password: DEFAULT_USER.password,
      code: codeNow(secret),
    });
    expect(late.status).toBe(409);
    expect((await here.get('/api/session')).body.user.totpEnabled).toBe(false);
  });
});
