import { type ChangePasswordInput, PASSWORD_FIELD_ERRORS, type Text } from '@cogni/domain';
import { and, eq, ne } from 'drizzle-orm';
import { authSessions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashNewPassword } from '../auth/new-account';
import { type RecheckContext, verifyCurrentPassword } from './verify-current-password';

const SAME_PASSWORD: Text = /*i18n*/ {
  id: 'errors.passwordUnchanged',
  message: 'The new password is the current one',
};

/**
 * Sets a new password after checking the current one (ASVS 6.2.3) against the same policy as
 * registration, and by default ends every other session of the account (ASVS 7.4.3); the
 * session making the change stays. Returns how many sessions were ended.
 */
export async function changePassword(
  ctx: RecheckContext,
  session: { userId: string; sessionId: string },
  input: ChangePasswordInput,
): Promise<{ endedSessions: number }> {
  if (input.newPassword === input.currentPassword) {
    throw new AppError('BAD_REQUEST', SAME_PASSWORD, {
      newPassword: PASSWORD_FIELD_ERRORS.unchanged,
    });
  }
  await verifyCurrentPassword(
    ctx,
    session.userId,
    input.currentPassword,
    'currentPassword',
    'password-change',
  );
  const passwordHash = await hashNewPassword(ctx.passwords, input.newPassword, 'newPassword');
  return ctx.db.transaction(async (tx) => {
    // The user's own password now: a password an admin set is replaced (ASVS 6.4.1).
    await tx
      .update(users)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(users.id, session.userId));
    if (!input.endOtherSessions) return { endedSessions: 0 };
    const ended = await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, session.userId), ne(authSessions.id, session.sessionId)))
      .returning({ id: authSessions.id });
    return { endedSessions: ended.length };
  });
}
