import type { AdminUser } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { userProfiles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { toAdminUser } from './to-user';

/** Any user's account and profile (admin only; the route checks). Unknown ids are a 404. */
export async function getAdminUser(ctx: ServiceContext, userId: string): Promise<AdminUser> {
  const [row] = await ctx.db
    .select({ user: users, profile: userProfiles })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return toAdminUser(row.user, row.profile);
}
