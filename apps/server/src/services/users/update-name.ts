import type { MeResponse, UpdateNameInput } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { userProfiles, users } from '../../db/schema';
import type { ServiceContext } from '../context';
import { getMe } from './get-me';

/** Changes the first and last name of one user: the only fields a user may set on themselves. */
export async function updateName(
  ctx: ServiceContext,
  userId: string,
  input: UpdateNameInput,
): Promise<MeResponse> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName })
      .where(eq(users.id, userId));
    await tx
      .update(userProfiles)
      .set({ updatedAt: ctx.now() })
      .where(eq(userProfiles.userId, userId));
  });
  return getMe(ctx, userId);
}
