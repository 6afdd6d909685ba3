import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { errorLogs, users } from './db/schema';
import { parseConfig } from './env';
import { createLogger } from './lib/logger';
import { createTestContext, DEFAULT_USER, TestClient, type TestContext } from './testing/test-app';
import { TEST_DATABASE_KINDS } from './testing/test-database';

/** The scrypt parameters a stored hash was made with: `scrypt$N$r$p`. */
const parametersOf = (stored: string | undefined) => stored?.split('$').slice(0, 4).join('$');

describe.each(TEST_DATABASE_KINDS)('two apps in one process on %s', (kind) => {
  const contexts: TestContext[] = [];
  afterAll(async () => {
    for (const t of contexts) await t.close();
  });

  it('hash new passwords at their own cost and each verify their own', async () => {
    // Both made before either hashes: nothing the second app sets reaches the first.
    const cheaper = await createTestContext(kind, { SCRYPT_LOG2_N: '12' });
    const dearer = await createTestContext(kind, { SCRYPT_LOG2_N: '13' });
    contexts.push(cheaper, dearer);
    for (const [t, parameters] of [
      [cheaper, 'scrypt$4096$8$1'],
      [dearer, 'scrypt$8192$8$1'],
    ] as const) {
      // Signs up, then logs in: the app verifies the hash it stored.
      await t.signUp();
      const [row] = await t.database.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, DEFAULT_USER.email));
      expect(parametersOf(row?.passwordHash)).toBe(parameters);
      const wrong = await t.client().post('/api/auth/login', {
        email: DEFAULT_USER.email,
        password: 'not the password at all',
      });
      expect(wrong.status).toBe(401);
    }
    expect(cheaper.deps.passwords.costShare).toBe(1 / 32);
    expect(dearer.deps.passwords.costShare).toBe(1 / 16);
  });

  it('enforce their own error-log limits, on one database too', async () => {
    const env = { TRUST_PROXY: 'true', SCRYPT_LOG2_N: '12' };
    const t = await createTestContext(kind, { ...env, RATE_LIMIT_VISITOR_LOGS_PER_IP: '2' });
    contexts.push(t);
    // A second app on the same database (another instance), made after the first.
    const other = createApp({
      db: t.database.db,
      now: () => new Date(),
      config: parseConfig({ ...env, RATE_LIMIT_VISITOR_LOGS_PER_IP: '5' }),
      logger: createLogger('silent'),
    });
    const apps = { strict: t.client(), lenient: new TestClient(other) };
    for (const [name, client] of Object.entries(apps)) {
      // Distinct emails make distinct entries, all from one address.
      for (let i = 0; i < 8; i++) {
        const login = await client.request('POST', '/api/auth/login', {
          body: { email: `${name}-${i}@example.com` },
          headers: { 'x-forwarded-for': '192.0.2.7' },
        });
        expect(login.status).toBe(400);
      }
    }
    const written = await t.database.db
      .select({ context: errorLogs.context })
      .from(errorLogs)
      .where(eq(errorLogs.errorType, 'LOGIN_ERROR'));
    const emails = written.map((log) => String((log.context as { email?: string }).email));
    expect(emails.filter((email) => email.startsWith('strict-'))).toHaveLength(2);
    expect(emails.filter((email) => email.startsWith('lenient-'))).toHaveLength(5);
  });
});
