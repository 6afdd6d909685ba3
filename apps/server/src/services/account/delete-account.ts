import type { DeleteAccountInput, Text } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { studies, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit/write-audit-entry';
import { lockForChange } from '../users/lock-for-change';
import { type RecheckContext, verifyCurrentPassword } from './verify-current-password';

/**
 * Deletes the caller's account and, by the schema's cascades, its profile, sessions, test
 * sessions, results and trials, in one transaction. The password is asked again; the last active
 * admin is refused (someone must be able to administer the app), and so is a researcher who
 * owns a study (its participants' data is not theirs alone to delete). The deletion is logged in the
 * audit log with the former id and role only: the person's data is gone, the fact is not.
 */
export const OWNS_STUDIES: Text = /*i18n*/ {
  id: 'errors.ownsStudies',
  message:
    'You own studies: delete them, or ask an admin to give them to another researcher, before you delete your account',
};

export async function deleteAccount(
  ctx: RecheckContext,
  userId: string,
  input: DeleteAccountInput,
): Promise<void> {
  await verifyCurrentPassword(ctx, userId, input.password, 'password', 'account-delete');
  await ctx.db.transaction(async (tx) => {
    const { target, assertNotLastAdmin } = await lockForChange(tx, userId);
    assertNotLastAdmin();
    const [owned] = await tx
      .select({ id: studies.id })
      .from(studies)
      .where(eq(studies.ownerId, userId))
      .limit(1);
    if (owned) throw new AppError('CONFLICT', OWNS_STUDIES);
    await tx.delete(users).where(eq(users.id, userId));
    await writeAuditEntry(
      { ...ctx, db: tx },
      {
        actorId: null,
        action: 'ACCOUNT_DELETE',
        targetUserId: null,
        details: { deletedUserId: userId, role: target.role },
      },
    );
  });
}
