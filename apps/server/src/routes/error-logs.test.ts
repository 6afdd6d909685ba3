import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorLogs } from '../db/schema';
import { createTestContext, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

describe.each(TEST_DATABASE_KINDS)('client error reports on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  it('stores a render error with the user and time taken from the server', async () => {
    const c = await t.signUp();
    const me = (await c.get('/api/session')).body.user;
    const res = await c.post('/api/error-logs', {
      errorType: 'RENDER_ERROR',
      errorMessage: 'Cannot read properties of undefined',
      context: { path: '/profile', componentStack: 'at Profile' },
    });
    expect(res.status).toBe(204);
    const [log] = await t.database.db.select().from(errorLogs);
    expect(log).toMatchObject({
      errorType: 'RENDER_ERROR',
      errorMessage: 'Cannot read properties of undefined',
      userId: me.id,
      context: { path: '/profile', componentStack: 'at Profile' },
    });
  });

  it('refuses error types the server writes itself, and a forged user', async () => {
    for (const body of [
      { errorType: 'LOGIN_ERROR', errorMessage: 'x' },
      { errorType: 'RENDER_ERROR', errorMessage: 'x', userId: 'someone' },
      { errorType: 'RENDER_ERROR', errorMessage: '' },
    ]) {
      expect((await t.client().post('/api/error-logs', body)).status).toBe(400);
    }
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const res = await t.client().post('/api/error-logs', {
      errorType: 'RENDER_ERROR',
      errorMessage: 'x'.repeat(70_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
