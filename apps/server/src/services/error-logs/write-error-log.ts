import { createHash } from 'node:crypto';
import type { ErrorType } from '@cogni/domain';
import { sql } from 'drizzle-orm';
import { errorLogs } from '../../db/schema';
import { toAddressKey } from '../../lib/address-key';
import { toStorableJson, toStorableText } from '../../lib/storable-text';
import type { ServiceContext } from '../context';
import type { ErrorLogLimits } from './entry-limits';

/** What the writers of entries a client causes receive: the app's limits besides the database. */
export type ErrorLogContext = ServiceContext & { errorLogLimits: ErrorLogLimits };

export type ErrorLogEntry = {
  errorType: ErrorType;
  errorMessage: string;
  userId?: string | null;
  context?: Record<string, unknown>;
};

/** Longest stored message, in UTF-8 bytes; longer ones are cut and end with an ellipsis. */
export const ERROR_LOG_MESSAGE_MAX_BYTES = 2_000;
/** Longest stored context, as JSON in UTF-8 bytes (a browser report's stack fits). */
export const ERROR_LOG_CONTEXT_MAX_BYTES = 8_000;
/** A suppressed count is written this long after its first entry, with those that follow it. */
const SUPPRESSED_FLUSH_MS = 5_000;
/** Subjects with a count of their own waiting at once; past this they are counted as 'many'. */
const MAX_SUPPRESSED_SUBJECTS = 10;

const encoder = new TextEncoder();

/** The text cut to at most `maxBytes` of UTF-8 at a character boundary, marked with '…'. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes || encoder.encode(text).length <= maxBytes) return text;
  const room = maxBytes - 3; // the ellipsis takes three bytes
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = encoder.encode(char).length;
    if (bytes + size > room) break;
    bytes += size;
    end += char.length;
  }
  return `${text.slice(0, end)}…`;
}

/**
 * The context as stored: unchanged when its JSON fits ERROR_LOG_CONTEXT_MAX_BYTES; otherwise
 * each top-level value is cut (objects as their JSON text) to an equal share of the room, and
 * `truncated: true` says so.
 */
function boundContext(context: Record<string, unknown>): Record<string, unknown> {
  const storable = toStorableJson(context) as Record<string, unknown>;
  const json = JSON.stringify(storable);
  if (json.length * 3 <= ERROR_LOG_CONTEXT_MAX_BYTES) return storable;
  if (encoder.encode(json).length <= ERROR_LOG_CONTEXT_MAX_BYTES) return storable;
  const entries = Object.entries(storable).slice(0, 20);
  const share = Math.floor((ERROR_LOG_CONTEXT_MAX_BYTES - 200) / Math.max(1, entries.length)) - 50;
  const bounded: Record<string, unknown> = { truncated: true };
  for (const [key, value] of entries) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    bounded[truncateUtf8(key, 50)] =
      typeof value === 'string' || (text?.length ?? 0) > share
        ? truncateUtf8(text ?? '', share)
        : value;
  }
  return bounded;
}

/** What makes two entries the same error: its type, message, user and context. */
function fingerprintOf(row: {
  errorType: string;
  errorMessage: string;
  userId: string | null;
  context: Record<string, unknown>;
}): string {
  return createHash('sha256')
    .update(JSON.stringify([row.errorType, row.errorMessage, row.userId, row.context]))
    .digest('base64url');
}

/** The entry as it is stored: its message and context cut to their bounds. */
function toStoredEntry(entry: ErrorLogEntry) {
  return {
    errorType: entry.errorType,
    errorMessage: truncateUtf8(toStorableText(entry.errorMessage), ERROR_LOG_MESSAGE_MAX_BYTES),
    userId: entry.userId ?? null,
    context: boundContext(entry.context ?? {}),
  };
}

/**
 * The bytes of UTF-8 the entry's message and context take as stored: what the byte budget of an
 * account's browser reports counts (routes/error-logs.ts).
 */
export function storedSizeOf(entry: ErrorLogEntry): number {
  const row = toStoredEntry(entry);
  return (
    encoder.encode(row.errorMessage).length + encoder.encode(JSON.stringify(row.context)).length
  );
}

/**
 * Records `count` occurrences of one error. A repeat of an entry already stored adds to its
 * count and moves its last-seen time instead of adding a row, so a flood of the same failure is
 * one row that says how often. Messages and context often quote what a client sent (a login
 * email, a path), so they are cut to a bounded size, and NUL and unpaired surrogates, which the
 * database refuses, are replaced: a failure must be recorded, not turned into a 500.
 */
async function storeErrorLog(
  ctx: ServiceContext,
  entry: ErrorLogEntry,
  count: number,
): Promise<void> {
  const now = ctx.now();
  const row = toStoredEntry(entry);
  await ctx.db
    .insert(errorLogs)
    .values({ ...row, fingerprint: fingerprintOf(row), count, timestamp: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: errorLogs.fingerprint,
      set: {
        // Capped at the column's largest value: a count must never fail the write.
        count: sql`least(${errorLogs.count}::bigint + excluded.count, 2147483647)`,
        lastSeenAt: sql`greatest(${errorLogs.lastSeenAt}, excluded.last_seen_at)`,
      },
    });
}

/**
 * Appends one errorLogs record, or counts it on the same error's record, with no limit: for the
 * server's own entries (mock data, tests). What a client causes goes through
 * writeVisitorErrorLog or writeUserErrorLog.
 */
export function writeErrorLog(ctx: ServiceContext, entry: ErrorLogEntry): Promise<void> {
  return storeErrorLog(ctx, entry, 1);
}

/** Whose entries past the limits a count is: an address's (or many), or an account's. */
type SuppressedSubject = { address: string } | { userId: string };

/**
 * Counts an entry past the limits; the first of its kind schedules one write of the count a few
 * seconds later, which takes all that follow it. A subject past its own limit gets a count of
 * its own (up to MAX_SUPPRESSED_SUBJECTS at once, so its flood is one entry that names it);
 * entries past the limit of all subjects together, and any beyond those subjects, are counted
 * under the address 'many': a flood from many addresses or accounts is one entry too.
 */
function countSuppressed(
  ctx: ErrorLogContext,
  errorType: ErrorType,
  subject: SuppressedSubject,
  limit: 'subject' | 'total',
) {
  const { suppressed } = ctx.errorLogLimits;
  const named = `${errorType}\n${JSON.stringify(subject)}`;
  const key =
    limit === 'subject' && (suppressed.has(named) || suppressed.size < MAX_SUPPRESSED_SUBJECTS)
      ? named
      : `${errorType}\n${JSON.stringify({ address: 'many' })}`;
  const waiting = suppressed.get(key);
  suppressed.set(key, (waiting ?? 0) + 1);
  if (waiting !== undefined) return;
  const timer = setTimeout(() => {
    const count = suppressed.get(key) ?? 0;
    suppressed.delete(key);
    const counted = JSON.parse(key.slice(errorType.length + 1)) as SuppressedSubject;
    const entry: ErrorLogEntry = {
      errorType,
      errorMessage: SUPPRESSED_MESSAGE,
      ...('userId' in counted
        ? { userId: counted.userId, context: { reason: 'rate-limited' } }
        : { context: { address: counted.address, reason: 'rate-limited' } }),
    };
    storeErrorLog(ctx, entry, count).catch(() => {
      // The database is away: losing a count of entries already refused is harmless.
    });
  }, SUPPRESSED_FLUSH_MS);
  timer.unref();
}

/** The message of the entry that counts a visitor's entries past the limits. */
export const SUPPRESSED_MESSAGE =
  'Not stored one by one: more entries from this address or account than the limits allow';

/**
 * Writes an entry caused by a visitor (someone not signed in: a failed login, a refused request,
 * a browser report) if the visitors' limits allow it for the address, and otherwise only counts
 * it (see EntryLimit), so no visitor can fill the table or the disk with entries.
 */
export async function writeVisitorErrorLog(
  ctx: ErrorLogContext,
  ip: string | undefined,
  entry: ErrorLogEntry,
): Promise<void> {
  const address = toAddressKey(ip);
  const outcome = ctx.errorLogLimits.visitors.admit(address, ctx.now().getTime());
  if (outcome === 'admitted') {
    await storeErrorLog(ctx, entry, 1);
  } else {
    countSuppressed(ctx, entry.errorType, { address }, outcome);
  }
}

/**
 * Writes an entry caused by a signed-in user (a browser report, a server error of their request)
 * if the users' limits allow it for the account, and otherwise only counts it, as a visitor's
 * entries are: an account is capped however many addresses it writes from.
 */
export async function writeUserErrorLog(
  ctx: ErrorLogContext,
  userId: string,
  entry: Omit<ErrorLogEntry, 'userId'>,
): Promise<void> {
  const outcome = ctx.errorLogLimits.users.admit(userId, ctx.now().getTime());
  if (outcome === 'admitted') {
    await storeErrorLog(ctx, { ...entry, userId }, 1);
  } else {
    countSuppressed(ctx, entry.errorType, { userId }, outcome);
  }
}
