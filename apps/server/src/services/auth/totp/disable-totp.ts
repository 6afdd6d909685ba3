import type { DisableTotpInput, Text, TotpChangeResponse } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { totpRecoveryCodes, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import {
  type RecheckContext,
  recordFailedRecheck,
  verifyCurrentPassword,
} from '../../account/verify-current-password';
import { toUser } from '../../users/to-user';
import { spendSecondFactor, WRONG_TOTP_CODE } from './spend-code';

export const TOTP_ALREADY_OFF: Text = /*i18n*/ {
  id: 'errors.totpAlreadyOff',
  message: 'Two-factor login is not on.',
};
const NOT_LOGGED_IN: Text = /*i18n*/ { id: 'errors.notLoggedIn', message: 'You must be logged in' };

/**
 * Turns two-factor login off and drops the recovery codes. Both factors are asked again (an app
 * code or a recovery code, for a lost phone), so neither a borrowed unlocked browser nor a known
 * password alone can remove the second factor; the code is spent as at login. A wrong code counts
 * and is audit-logged like a wrong password, so a stolen session and password cannot guess one.
 */
export async function disableTotp(
  ctx: RecheckContext,
  userId: string,
  input: DisableTotpInput,
): Promise<TotpChangeResponse> {
  const row = await verifyCurrentPassword(ctx, userId, input.password, 'password', 'totp-disable');
  if (row.totpSecret === null) throw new AppError('CONFLICT', TOTP_ALREADY_OFF);
  if (!(await spendSecondFactor(ctx, row, input.code))) {
    await recordFailedRecheck(ctx, userId, 'WRONG_TOTP_CODE', 'totp-disable');
    throw new AppError('BAD_REQUEST', WRONG_TOTP_CODE, { code: WRONG_TOTP_CODE.message });
  }
  const updated = await ctx.db.transaction(async (tx) => {
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
    const [row] = await tx
      .update(users)
      .set({
        totpSecret: null,
        totpLastUsedStep: null,
        totpPendingSecret: null,
        totpPendingExpiresAt: null,
      })
      .where(eq(users.id, userId))
      .returning();
    return row;
  });
  if (!updated) throw new AppError('UNAUTHENTICATED', NOT_LOGGED_IN);
  return { user: toUser(updated), endedSessions: 0 };
}
