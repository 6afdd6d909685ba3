import type { Text } from '@cogni/domain';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';

const USER_NOT_FOUND: Text = /*i18n*/ { id: 'errors.userNotFound', message: 'User not found' };

export type LockedUser = typeof users.$inferSelect;

/** Refused so that someone can always still administer the app. */
export const LAST_ADMIN_MESSAGE: Text = /*i18n*/ {
  id: 'errors.lastAdmin',
  message: 'This is the last active admin: make another user an admin first',
};

/**
 * Locks the user about to change, and every active admin, in one statement in id order (so two
 * admins changing each other at once wait for each other instead of deadlocking), inside the
 * caller's transaction. Unknown ids are a 404.
 */
export async function lockForChange(
  tx: Db,
  userId: string,
): Promise<{ target: LockedUser; assertNotLastAdmin: () => void }> {
  const rows = await tx
    .select()
    .from(users)
    .where(or(eq(users.id, userId), and(eq(users.role, 'admin'), eq(users.isActive, true))))
    .orderBy(asc(users.id))
    .for('update');
  const target = rows.find((row) => row.id === userId);
  if (!target) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  const otherActiveAdmins = rows.filter((row) => row.id !== userId && row.role === 'admin');
  return {
    target,
    /** For a change that would take admin rights from the target: refused if none would remain. */
    assertNotLastAdmin: () => {
      if (target.role === 'admin' && target.isActive && otherActiveAdmins.length === 0) {
        throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
      }
    },
  };
}
