import {
  type ConfirmTotpInput,
  type ConfirmTotpResponse,
  RECOVERY_CODE_COUNT,
  type Text,
} from '@cogni/domain';
import { and, eq, ne } from 'drizzle-orm';
import { authSessions, totpRecoveryCodes, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { generateRecoveryCode, hashRecoveryCode } from '../../../lib/recovery-codes';
import { findTotpStep } from '../../../lib/totp';
import { type RecheckContext, verifyCurrentPassword } from '../../account/verify-current-password';
import { toUser } from '../../users/to-user';
import { WRONG_TOTP_CODE } from './spend-code';
import { TOTP_ALREADY_ON } from './start-totp-setup';

export const TOTP_SETUP_EXPIRED: Text = /*i18n*/ {
  id: 'errors.totpSetupExpired',
  message: 'The setup has expired. Please start again.',
};

/**
 * Turns two-factor login on once the password and a code from the pending secret prove the user
 * has both (so a typo in the app cannot lock them out). The code's step is recorded as used, and
 * every other session of the account ends: they began with the password alone (ASVS 7.4.3).
 * Returns new recovery codes, shown this once; only their hashes are stored.
 */
export async function confirmTotp(
  ctx: RecheckContext,
  session: { userId: string; sessionId: string },
  input: ConfirmTotpInput,
): Promise<ConfirmTotpResponse> {
  const row = await verifyCurrentPassword(
    ctx,
    session.userId,
    input.password,
    'password',
    'totp-confirm',
  );
  if (row.totpSecret !== null) throw new AppError('CONFLICT', TOTP_ALREADY_ON);
  const pending = row.totpPendingSecret;
  const now = ctx.now();
  if (pending === null || (row.totpPendingExpiresAt?.getTime() ?? 0) <= now.getTime()) {
    throw new AppError('CONFLICT', TOTP_SETUP_EXPIRED);
  }
  const step = findTotpStep(pending, input.code, now.getTime());
  if (step === null) {
    throw new AppError('BAD_REQUEST', WRONG_TOTP_CODE, { code: WRONG_TOTP_CODE.message });
  }
  return ctx.db.transaction(async (tx) => {
    // Conditional on the same pending secret, so two confirmations or a restarted setup in
    // between cannot enable a secret other than the one this code came from.
    const [updated] = await tx
      .update(users)
      .set({
        totpSecret: pending,
        totpLastUsedStep: step,
        totpPendingSecret: null,
        totpPendingExpiresAt: null,
        mustSetUpTotp: false,
      })
      .where(and(eq(users.id, session.userId), eq(users.totpPendingSecret, pending)))
      .returning();
    if (!updated) throw new AppError('CONFLICT', TOTP_SETUP_EXPIRED);
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
    await tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, session.userId));
    await tx.insert(totpRecoveryCodes).values(
      recoveryCodes.map((code) => ({
        userId: session.userId,
        codeHash: hashRecoveryCode(code),
        createdAt: now,
      })),
    );
    const ended = await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, session.userId), ne(authSessions.id, session.sessionId)))
      .returning({ id: authSessions.id });
    return { user: toUser(updated), endedSessions: ended.length, recoveryCodes };
  });
}
