import type { AdminUser } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { authSessions, users } from '../../db/schema';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { ServiceContext } from '../context';
import { getAdminUser } from './get-admin-user';
import { lockForChange } from './lock-for-change';

/**
 * Deactivates a user (docs/product.md#accounts): their sessions end now and they cannot log in
 * until reactivated. Their data stays. The last active admin cannot be deactivated (409).
 * Deactivating an inactive user changes and records nothing.
 */
export async function deactivateUser(
  ctx: ServiceContext,
  actorId: string,
  userId: string,
): Promise<AdminUser> {
  await ctx.db.transaction(async (tx) => {
    const { target, assertNotLastAdmin } = await lockForChange(tx, userId);
    if (!target.isActive) return;
    assertNotLastAdmin();
    await tx.update(users).set({ isActive: false }).where(eq(users.id, userId));
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    await writeAuditEntry(
      { db: tx, now: ctx.now },
      { actorId, action: 'USER_DEACTIVATE', targetUserId: userId },
    );
  });
  return getAdminUser(ctx, userId);
}
