import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createTestDatabase, TEST_DATABASE_KINDS } from '../../testing/test-database';
import type { ServiceContext } from '../context';
import { countAttempt, type Limit } from '../rate-limit/rate-limit';
import {
  forgetLoginTurns,
  LOGIN_BUSY_MESSAGE,
  LOGIN_DELAY_FIRST_MS,
  LOGIN_FRESH_DELAY_MS,
  LOGIN_MAX_WAIT_MS,
  LOGINS_SLEEPING,
  LOGINS_WAITING_MESSAGE,
  planLoginWait,
  sleepingLogins,
} from './login-throttle';

const limit: Limit = { name: 'login-account', max: 1, windowMs: 15 * 60 * 1000 };

describe.each(TEST_DATABASE_KINDS)('login turns on %s', (kind) => {
  const closing: (() => Promise<void>)[] = [];
  afterAll(() => Promise.all(closing.map((close) => close())));

  async function hotAccounts(...emails: string[]): Promise<ServiceContext> {
    const database = await createTestDatabase(kind);
    closing.push(() => database.close());
    const now = new Date();
    const ctx = { db: database.db, now: () => now };
    for (const email of emails) await countAttempt(ctx, limit, email);
    return ctx;
  }

  async function turnRow(ctx: ServiceContext, email: string) {
    const [row] = await ctx.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `login-account-turn:${email}`));
    return row;
  }

  it('books turns a step apart up to the longest wait, then refuses at once and books nothing', async () => {
    const ctx = await hotAccounts('a@example.com');
    const waits: { waitMs: number; leave: () => void }[] = [];
    const turns = LOGIN_MAX_WAIT_MS / LOGIN_DELAY_FIRST_MS;
    for (let i = 1; i <= turns; i += 1) {
      const wait = await planLoginWait(ctx, limit, 'a@example.com', false);
      expect(wait.waitMs).toBe(i * LOGIN_DELAY_FIRST_MS);
      waits.push(wait);
    }
    const booked = await turnRow(ctx, 'a@example.com');
    const refused = await planLoginWait(ctx, limit, 'a@example.com', false).catch((e) => e);
    expect(refused).toEqual(
      new AppError('RATE_LIMITED', {
        id: LOGIN_BUSY_MESSAGE.id,
        message: 'Too many logins to this account at the moment. Try again in 1 minute.',
        values: { minutes: 1 },
      }),
    );
    expect(await turnRow(ctx, 'a@example.com')).toEqual(booked);
    expect(sleepingLogins()).toBe(turns);
    // An address that has not tried the account waits one step and books nothing.
    const fresh = await planLoginWait(ctx, limit, 'a@example.com', true);
    expect(fresh.waitMs).toBe(LOGIN_FRESH_DELAY_MS);
    expect(await turnRow(ctx, 'a@example.com')).toEqual(booked);
    fresh.leave();
    for (const wait of waits) wait.leave();
    expect(sleepingLogins()).toBe(0);
    // A successful login forgets the backlog: the next turn is one step away.
    await forgetLoginTurns(ctx, limit, 'a@example.com');
    const next = await planLoginWait(ctx, limit, 'a@example.com', false);
    expect(next.waitMs).toBe(LOGIN_DELAY_FIRST_MS);
    next.leave();
  });

  it('holds at most LOGINS_SLEEPING logins waiting on an instance; past it a turn is refused, a fresh address waits for nothing', async () => {
    const emails = Array.from({ length: 4 }, (_, i) => `hot${i}@example.com`);
    const ctx = await hotAccounts(...emails);
    const waits: { waitMs: number; leave: () => void }[] = [];
    for (let i = 0; i < LOGINS_SLEEPING; i += 1) {
      waits.push(await planLoginWait(ctx, limit, emails[i % emails.length] ?? '', false));
    }
    expect(sleepingLogins()).toBe(LOGINS_SLEEPING);
    const booked = await turnRow(ctx, 'hot0@example.com');
    const refused = await planLoginWait(ctx, limit, 'hot0@example.com', false).catch((e) => e);
    expect(refused).toEqual(
      new AppError('RATE_LIMITED', {
        id: LOGINS_WAITING_MESSAGE.id,
        message: 'Too many logins are waiting. Try again in 1 minute.',
        values: { minutes: 1 },
      }),
    );
    expect(await turnRow(ctx, 'hot0@example.com')).toEqual(booked);
    const fresh = await planLoginWait(ctx, limit, 'hot0@example.com', true);
    expect(fresh.waitMs).toBe(0);
    expect(sleepingLogins()).toBe(LOGINS_SLEEPING);
    for (const wait of waits) wait.leave();
    expect(sleepingLogins()).toBe(0);
  });
});
