import type { Text } from '@cogni/domain';
import { eq, sql } from 'drizzle-orm';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';

/** A limit: at most `max` counted attempts per subject in each window of `windowMs`. */
export type Limit = { name: string; max: number; windowMs: number };

function keyOf(limit: Pick<Limit, 'name'>, subject: string): string {
  return `${limit.name}:${subject}`;
}

/** The subject's attempts in its current window and how long that window has left, if any. */
async function readWindow(
  ctx: ServiceContext,
  limit: Limit,
  subject: string,
): Promise<{ count: number; remainingMs: number } | undefined> {
  const [row] = await ctx.db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, keyOf(limit, subject)));
  if (!row) return undefined;
  const remainingMs = row.windowStart.getTime() + limit.windowMs - ctx.now().getTime();
  return remainingMs > 0 ? { count: row.count, remainingMs } : undefined;
}

/** Milliseconds until the subject may try again, or 0 when it is under the limit. */
export async function getLockout(
  ctx: ServiceContext,
  limit: Limit,
  subject: string,
): Promise<number> {
  const window = await readWindow(ctx, limit, subject);
  return window && window.count >= limit.max ? window.remainingMs : 0;
}

/** What an attempt of `weight` adds to its count: a whole number, at least 1. */
const countedWeight = (weight: number) => Math.max(1, Math.ceil(weight));

/**
 * Counts one attempt of `weight` (1, or the bytes of a limit that counts bytes) in one statement
 * (an upsert, so two server instances or two requests at once never lose a count); a window that
 * has ended starts again at `weight`. Answers the count and the window the attempt was counted
 * in.
 */
async function upsertAttempt(
  ctx: ServiceContext,
  limit: Limit,
  subject: string,
  weight = 1,
): Promise<{ count: number; windowStart: Date }> {
  const amount = countedWeight(weight);
  const now = ctx.now();
  const windowBegins = new Date(now.getTime() - limit.windowMs);
  const isExpired = sql`${rateLimits.windowStart} <= ${windowBegins.toISOString()}::timestamptz`;
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key: keyOf(limit, subject), windowStart: now, count: amount })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // Capped at the column's largest value: a count must never fail the statement.
        count: sql`case when ${isExpired} then ${amount}::integer else least(${rateLimits.count}::bigint + ${amount}, 2147483647) end`,
        windowStart: sql`case when ${isExpired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (!row) throw new Error('the rate-limit upsert returned no row');
  return row;
}

/** Counts one attempt of the subject against the limit. */
export async function countAttempt(
  ctx: ServiceContext,
  limit: Limit,
  subject: string,
): Promise<void> {
  await upsertAttempt(ctx, limit, subject);
}

/** Forgets the subject's attempts (a successful login clears its account's failures). */
export async function resetAttempts(
  ctx: ServiceContext,
  limit: Pick<Limit, 'name'>,
  subject: string,
): Promise<void> {
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, keyOf(limit, subject)));
}

const ENGLISH_PLURALS = new Intl.PluralRules('en');

/**
 * A limit's message in English with its `{minutes, plural, one {...} other {...}}` chosen by
 * English's plural rule and `#` filled in (formatText fills plain placeholders only).
 */
function inEnglish(message: string, minutes: number): string {
  return message.replace(
    /\{minutes, plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/,
    (_, one: string, other: string) =>
      (ENGLISH_PLURALS.select(minutes) === 'one' ? one : other).replaceAll('#', String(minutes)),
  );
}

/**
 * The 429 of a limit: its message, which says when to try again in whole minutes with
 * `{minutes, plural, one {# minute} other {# minutes}}` (ADR 042: the browser shows it in the
 * reader's language from the catalogs, by its id and `minutes`).
 */
export function rateLimited(text: Text, remainingMs: number): AppError {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return new AppError('RATE_LIMITED', {
    id: text.id,
    message: inEnglish(text.message, minutes),
    values: { minutes },
  });
}

/** Refuses with 429 while any of the subjects is locked out, saying for how long. */
export async function assertNotLockedOut(
  ctx: ServiceContext,
  checks: readonly { limit: Limit; subject: string | undefined }[],
  message: Text,
): Promise<void> {
  for (const { limit, subject } of checks) {
    if (subject === undefined) continue;
    const remainingMs = await getLockout(ctx, limit, subject);
    if (remainingMs > 0) throw rateLimited(message, remainingMs);
  }
}

/** The subject's attempts counted in the current window; 0 once the window has ended. */
export async function getAttemptCount(
  ctx: ServiceContext,
  limit: Limit,
  subject: string,
): Promise<number> {
  return (await readWindow(ctx, limit, subject))?.count ?? 0;
}

/**
 * Gives the subject's next turn: `spacingMs` after the later of now and the turn given before,
 * so turns are at least `spacingMs` apart however many are asked for at once, on any instance.
 * A turn is never given more than `maxAheadMs` ahead of now: past that the statement changes
 * nothing and answers null, so a crowd cannot build a backlog longer than `maxAheadMs`. One
 * statement (the bound is the upsert's conflict condition); the row's `windowStart` holds the
 * last turn given. Returns when the new turn starts, or null when none was given.
 */
export async function reserveTurn(
  ctx: ServiceContext,
  name: string,
  subject: string,
  spacingMs: number,
  maxAheadMs: number,
): Promise<Date | null> {
  const now = ctx.now();
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const spacing = sql`(${Math.ceil(spacingMs)}::integer * interval '1 millisecond')`;
  const maxAhead = sql`(${Math.floor(maxAheadMs)}::integer * interval '1 millisecond')`;
  const nextTurn = sql`greatest(${rateLimits.windowStart}, ${nowSql}) + ${spacing}`;
  const rows = await ctx.db
    .insert(rateLimits)
    .values({
      key: keyOf({ name }, subject),
      windowStart: new Date(now.getTime() + Math.min(spacingMs, maxAheadMs)),
      count: 1,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${nowSql} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: nextTurn,
      },
      setWhere: sql`${nextTurn} <= ${nowSql} + ${maxAhead}`,
    })
    .returning({ turn: rateLimits.windowStart });
  return rows[0]?.turn ?? null;
}

/**
 * Counts one attempt and refuses it with 429 when it is past the limit, in one statement: the
 * upsert answers the count it left, so requests arriving together are each told their own place
 * and exactly `max` of them pass in a window, on any number of server instances (checking first
 * and counting after would let every request that checked before the others counted through). A
 * refused attempt counts too; a window that has ended starts again at 1. An attempt may weigh
 * more than one (`weight`: a limit of bytes counts each attempt's bytes). Answers how many
 * attempts (or how much weight) the subject had in the window before this one.
 */
export async function countAttemptBefore(
  ctx: ServiceContext,
  limit: Limit,
  subject: string,
  message: Text,
  weight = 1,
): Promise<number> {
  const row = await upsertAttempt(ctx, limit, subject, weight);
  if (row.count > limit.max) {
    throw rateLimited(message, row.windowStart.getTime() + limit.windowMs - ctx.now().getTime());
  }
  return row.count - countedWeight(weight);
}
