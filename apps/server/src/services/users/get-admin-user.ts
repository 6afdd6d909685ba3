import type { AdminUser, Text } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { userProfiles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { toAdminUser } from './to-user';

const USER_NOT_FOUND: Text = /*i18n*/ { id: 'errors.userNotFound', message: 'User not found' };

/** Any user's account and profile (admin only; the route checks). Unknown ids are a 404. */
export async function getAdminUser(ctx: ServiceContext, userId: string): Promise<AdminUser> {
  const [row] = await ctx.db
    .select({ user: users, profile: userProfiles })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', USER_NOT_FOUND);
  return toAdminUser(row.user, row.profile);
}
