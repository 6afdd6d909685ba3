import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { verifyPassword } from '../../lib/password';

/**
 * Re-authentication for the account's most sensitive changes (ASVS 6.2.3, 14.2.x): a wrong
 * password is a 400 on that field, and nothing changes. Called before any transaction: the
 * hash check costs a third of a second of CPU, which must not hold a lock (PGlite has one
 * connection for everyone).
 */
export async function verifyCurrentPassword(
  db: Db,
  userId: string,
  password: string,
  field: string,
): Promise<typeof users.$inferSelect> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED', 'You must be logged in');
  if (!(await verifyPassword(password, row.passwordHash))) {
    throw new AppError('BAD_REQUEST', 'The password is not correct', {
      [field]: 'This is not your current password',
    });
  }
  return row;
}
