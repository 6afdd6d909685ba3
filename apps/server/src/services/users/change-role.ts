import type { AdminUser, Role } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { ServiceContext } from '../context';
import { getAdminUser } from './get-admin-user';
import { lockForChange } from './lock-for-change';

/**
 * Sets a user's role. It applies on that user's next request, because every request reads the
 * role from the database (getSessionUser). The last active admin cannot be demoted (409).
 * Setting the role a user already has changes and records nothing.
 */
export async function changeRole(
  ctx: ServiceContext,
  actorId: string,
  userId: string,
  role: Role,
): Promise<AdminUser> {
  await ctx.db.transaction(async (tx) => {
    const { target, assertNotLastAdmin } = await lockForChange(tx, userId);
    if (target.role === role) return;
    if (role !== 'admin') assertNotLastAdmin();
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    await writeAuditEntry(
      { db: tx, now: ctx.now },
      {
        actorId,
        action: 'ROLE_CHANGE',
        targetUserId: userId,
        details: { from: target.role, to: role },
      },
    );
  });
  return getAdminUser(ctx, userId);
}
