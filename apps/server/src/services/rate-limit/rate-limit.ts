import { eq, sql } from 'drizzle-orm';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';

/** A limit: at most `max` counted attempts per subject in each window of `windowMs`. */
export type Limit = { name: string; max: number; windowMs: number };

function keyOf(limit: Limit, subject: string): string {
  return `${limit.name}:${subject}`;
}

/** Milliseconds until the subject may try again, or 0 when it is under the limit. */
export async function getLockout(
  ctx: ServiceContext,
  limit: Limit,
  subject: string,
): Promise<number> {
  const [row] = await ctx.db
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, keyOf(limit, subject)));
  if (!row) return 0;
  const windowEnd = row.windowStart.getTime() + limit.windowMs;
  const remaining = windowEnd - ctx.now().getTime();
  return remaining > 0 && row.count >= limit.max ? remaining : 0;
}

/**
 * Counts one attempt in one statement (an upsert, so two server instances or two requests at
 * once never lose a count); a window that has ended starts again at 1.
 */
export async function countAttempt(
  ctx: ServiceContext,
  limit: Limit,
  subject: string,
): Promise<void> {
  const now = ctx.now();
  const windowBegins = new Date(now.getTime() - limit.windowMs);
  const isExpired = sql`${rateLimits.windowStart} <= ${windowBegins.toISOString()}::timestamptz`;
  await ctx.db
    .insert(rateLimits)
    .values({ key: keyOf(limit, subject), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${isExpired} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${isExpired} then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    });
}

/** Forgets the subject's attempts (a successful login clears its account's failures). */
export async function resetAttempts(
  ctx: ServiceContext,
  limit: Limit,
  subject: string,
): Promise<void> {
  await ctx.db.delete(rateLimits).where(eq(rateLimits.key, keyOf(limit, subject)));
}

/** Refuses with 429 while any of the subjects is locked out, saying for how long. */
export async function assertNotLockedOut(
  ctx: ServiceContext,
  checks: readonly { limit: Limit; subject: string | undefined }[],
  message: string,
): Promise<void> {
  for (const { limit, subject } of checks) {
    if (subject === undefined) continue;
    const remainingMs = await getLockout(ctx, limit, subject);
    if (remainingMs > 0) {
      const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
      throw new AppError(
        'RATE_LIMITED',
        `${message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      );
    }
  }
}
