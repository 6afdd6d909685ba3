import type { DeleteAccountInput } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { writeAuditEntry } from '../audit/write-audit-entry';
import { lockForChange } from '../users/lock-for-change';
import { type RecheckContext, verifyCurrentPassword } from './verify-current-password';

/**
 * Deletes the caller's account and, by the schema's cascades, its profile, sessions, test
 * sessions, results and trials, in one transaction. The password is asked again; the last active
 * admin is refused (someone must be able to administer the app). The deletion is logged in the
 * audit log with the former id and role only: the person's data is gone, the fact is not.
 */
export async function deleteAccount(
  ctx: RecheckContext,
  userId: string,
  input: DeleteAccountInput,
): Promise<void> {
  await verifyCurrentPassword(ctx, userId, input.password, 'password', 'account-delete');
  await ctx.db.transaction(async (tx) => {
    const { target, assertNotLastAdmin } = await lockForChange(tx, userId);
    assertNotLastAdmin();
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
