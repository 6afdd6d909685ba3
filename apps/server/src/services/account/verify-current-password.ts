import { type AuditAction, PASSWORD_FIELD_ERRORS, type Text } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Config } from '../../env';
import { AppError } from '../../lib/app-error';
import { createConcurrencyLimit, createKeyedLine } from '../../lib/concurrency-limit';
import type { PasswordHasher } from '../../lib/password';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { PasswordContext } from '../context';
import { getAuthLimits } from '../rate-limit/auth-limits';
import { assertNotLockedOut, countAttempt } from '../rate-limit/rate-limit';

/** What the current password is asked again for; kept in the audit log with each wrong one. */
export type RecheckPurpose = 'password-change' | 'totp-confirm' | 'totp-disable' | 'account-delete';

export type RecheckContext = PasswordContext & { config: Config };

export const RECHECKS_WAITING_MESSAGE: Text = /*i18n*/ {
  id: 'errors.rechecksWaiting',
  message:
    'Too many checks of your password are waiting. Please wait for the answers before trying again.',
};
export const RECHECKS_BUSY_MESSAGE: Text = /*i18n*/ {
  id: 'errors.rechecksBusy',
  message: 'Too many password checks at once. Please try again in a moment.',
};

const TEXTS = {
  wrongPasswordsLockout: /*i18n*/ {
    id: 'errors.wrongPasswordsLockout',
    message:
      'Too many wrong passwords or codes. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  passwordChecksLockout: /*i18n*/ {
    id: 'errors.passwordChecksLockout',
    message:
      'Too many password checks. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
  },
  notLoggedIn: /*i18n*/ { id: 'errors.notLoggedIn', message: 'You must be logged in' },
  wrongPassword: /*i18n*/ {
    id: 'errors.wrongCurrentPassword',
    message: 'The password is not correct',
  },
} satisfies Record<string, Text>;

/**
 * All current-password checks of this instance together take one of the two hashing places
 * (lib/password.ts), so logins and sign-ups always keep the other, however many signed-in users
 * flood these checks. 16 more wait, in order of arrival, so with one check per user at a time
 * (below) every user gets a turn; past that, 503 at once.
 */
const RECHECKS_AT_ONCE = 1;
const RECHECKS_WAITING = 16;
const limitRechecks = createConcurrencyLimit({
  concurrency: RECHECKS_AT_ONCE,
  maxQueued: RECHECKS_WAITING,
  busyMessage: RECHECKS_BUSY_MESSAGE,
});

/**
 * Each user's checks on this instance run one at a time, at most one a second (a few full-cost
 * hashes; a person never needs more), and further ones wait their turn: a script's parallel
 * loops are thereby paced to one answer a second, refusals included, rather than spinning on
 * refusals answered at once, which would take the CPU the hashing needs. One user holds about a
 * third of the checks' hashing place at most, and 64 waiting requests; past that, 429 (after the
 * same second). Cheaper hashes (the app's SCRYPT_LOG2_N below 17) space checks by as much less.
 */
export const recheckSpacingMs = (passwords: PasswordHasher) => 1000 * passwords.costShare;
const RECHECKS_WAITING_PER_USER = 64;
const lineOfUser = createKeyedLine({
  maxWaiting: RECHECKS_WAITING_PER_USER,
  busyMessage: RECHECKS_WAITING_MESSAGE,
});

/**
 * Counts a wrong password or code given to re-authenticate toward the account's limit, and
 * records it in the audit log as a security event (who, for what, when).
 */
export async function recordFailedRecheck(
  ctx: RecheckContext,
  userId: string,
  action: Extract<AuditAction, 'WRONG_CURRENT_PASSWORD' | 'WRONG_TOTP_CODE'>,
  purpose: RecheckPurpose,
): Promise<void> {
  await countAttempt(ctx, getAuthLimits(ctx.config).passwordChecksPerAccount, userId);
  await writeAuditEntry(ctx, {
    actorId: userId,
    action,
    targetUserId: userId,
    details: { purpose },
  });
}

/**
 * Re-authentication for the account's most sensitive changes (ASVS 6.2.3, 14.2.x): a wrong
 * password is a 400 on that field, counted and audit-logged, and nothing changes. Guessing is
 * limited per account (wrong passwords and codes: `passwordChecksPerAccount`; all checks:
 * `passwordChecksPerUser`; past either, 429 until the window ends), and the hashing these checks
 * take is capped: one check per user at a time and a second apart, one for everyone together
 * (ADR 024). Called before any transaction: the hash check is long CPU work, which must not hold
 * a lock (PGlite has one connection for everyone).
 */
export async function verifyCurrentPassword(
  ctx: RecheckContext,
  userId: string,
  password: string,
  field: string,
  purpose: RecheckPurpose,
): Promise<typeof users.$inferSelect> {
  return lineOfUser(userId, recheckSpacingMs(ctx.passwords), async () => {
    const limits = getAuthLimits(ctx.config);
    await assertNotLockedOut(
      ctx,
      [{ limit: limits.passwordChecksPerAccount, subject: userId }],
      TEXTS.wrongPasswordsLockout,
    );
    await assertNotLockedOut(
      ctx,
      [{ limit: limits.passwordChecksPerUser, subject: userId }],
      TEXTS.passwordChecksLockout,
    );
    await countAttempt(ctx, limits.passwordChecksPerUser, userId);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!row) throw new AppError('UNAUTHENTICATED', TEXTS.notLoggedIn);
    if (!(await limitRechecks(() => ctx.passwords.verify(password, row.passwordHash)))) {
      await recordFailedRecheck(ctx, userId, 'WRONG_CURRENT_PASSWORD', purpose);
      throw new AppError('BAD_REQUEST', TEXTS.wrongPassword, {
        [field]: PASSWORD_FIELD_ERRORS.notCurrent,
      });
    }
    return row;
  });
}
