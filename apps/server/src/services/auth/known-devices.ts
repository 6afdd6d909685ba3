import { and, desc, eq, lt, ne, notInArray } from 'drizzle-orm';
import { knownDevices, users } from '../../db/schema';
import { generateSessionToken, hashSessionToken } from '../../lib/tokens';
import type { ServiceContext } from '../context';

/** A browser not used to log in for this long is forgotten (its cookie has expired by then). */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/**
 * The devices an account keeps at most; adding one past it forgets the least recently used, so
 * logging in again and again without the cookie cannot grow the table without end.
 */
export const KNOWN_DEVICES_PER_ACCOUNT = 20;

/**
 * The stored id of the browser's device token when that browser has logged in to the account of
 * `email` before; null for any other browser, another account's device, or no token.
 */
export async function findKnownDevice(
  ctx: ServiceContext,
  token: string | undefined,
  email: string,
): Promise<string | null> {
  if (!token) return null;
  const [row] = await ctx.db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(and(eq(knownDevices.id, hashSessionToken(token)), eq(users.email, email)));
  return row?.id ?? null;
}

export async function forgetDevice(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.db.delete(knownDevices).where(eq(knownDevices.id, id));
}

/**
 * After a successful login: the browser's token, when it is already this account's device (its
 * last use is noted), or else a new token (256 bits from the CSPRNG; only its SHA-256 is stored)
 * that makes the browser known to the account. Either way the caller sets it in the cookie again,
 * so a browser in use stays known. The account's devices unused for a year are dropped, and of
 * the rest only the {@link KNOWN_DEVICES_PER_ACCOUNT} used last are kept.
 */
export async function rememberDevice(
  ctx: ServiceContext,
  userId: string,
  token: string | undefined,
): Promise<string> {
  const now = ctx.now();
  if (token) {
    const [known] = await ctx.db
      .update(knownDevices)
      .set({ lastUsedAt: now })
      .where(and(eq(knownDevices.id, hashSessionToken(token)), eq(knownDevices.userId, userId)))
      .returning({ id: knownDevices.id });
    if (known) return token;
  }
  const fresh = generateSessionToken();
  await ctx.db
    .delete(knownDevices)
    .where(
      and(
        eq(knownDevices.userId, userId),
        lt(knownDevices.lastUsedAt, new Date(now.getTime() - KNOWN_DEVICE_TTL_MS)),
      ),
    );
  const freshId = hashSessionToken(fresh);
  await ctx.db
    .insert(knownDevices)
    .values({ id: freshId, userId, createdAt: now, lastUsedAt: now });
  // The new device and the others used last; the id orders ties, so the choice is stable.
  const others = and(eq(knownDevices.userId, userId), ne(knownDevices.id, freshId));
  const kept = ctx.db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(others)
    .orderBy(desc(knownDevices.lastUsedAt), desc(knownDevices.id))
    .limit(KNOWN_DEVICES_PER_ACCOUNT - 1);
  await ctx.db.delete(knownDevices).where(and(others, notInArray(knownDevices.id, kept)));
  return fresh;
}
