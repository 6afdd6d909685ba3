import type { MeResponse, Text } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { userProfiles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { toUser, toUserProfile } from './to-user';

const TEXTS = {
  userNotFound: /*i18n*/ { id: 'errors.userNotFound', message: 'User not found' },
  profileNotCreated: /*i18n*/ {
    id: 'errors.profileNotCreated',
    message: 'Profile could not be created',
  },
} satisfies Record<string, Text>;

/** The signed-in user with their profile. A missing profile row is recreated empty. */
export async function getMe(ctx: ServiceContext, userId: string): Promise<MeResponse> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', TEXTS.userNotFound);
  let [profile] = await ctx.db.select().from(userProfiles).where(eq(userProfiles.userId, userId));
  if (!profile) {
    [profile] = await ctx.db
      .insert(userProfiles)
      .values({ userId })
      .onConflictDoUpdate({ target: userProfiles.userId, set: { userId } })
      .returning();
  }
  if (!profile) throw new AppError('INTERNAL', TEXTS.profileNotCreated);
  return { user: toUser(user), profile: toUserProfile(profile) };
}
