import type { AdminUser } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { ServiceContext } from '../context';
import { getAdminUser } from './get-admin-user';
import { lockForChange } from './lock-for-change';

/** Lets a deactivated user log in again (with their old password and role). */
export async function reactivateUser(
  ctx: ServiceContext,
  actorId: string,
  userId: string,
): Promise<AdminUser> {
  await ctx.db.transaction(async (tx) => {
    const { target } = await lockForChange(tx, userId);
    if (target.isActive) return;
    await tx.update(users).set({ isActive: true }).where(eq(users.id, userId));
    await writeAuditEntry(
      { db: tx, now: ctx.now },
      { actorId, action: 'USER_REACTIVATE', targetUserId: userId },
    );
  });
  return getAdminUser(ctx, userId);
}
