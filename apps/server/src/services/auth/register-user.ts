import type { RegisterInput } from '@cogni/domain';
import { userProfiles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isCommonPassword } from '../../lib/common-passwords';
import { hashPassword } from '../../lib/password';
import type { ServiceContext } from '../context';

export type RegisterOutcome = 'created' | 'email-taken';

/**
 * Creates a user (role 'user', active) and their empty profile in one transaction (D5).
 * An email that is already registered changes nothing, but the caller answers exactly as for a
 * new account, after the same password-hashing work, so sign-up does not reveal which emails
 * are registered (ASVS 6.3.8).
 */
export async function registerUser(
  ctx: ServiceContext,
  input: RegisterInput,
): Promise<RegisterOutcome> {
  if (isCommonPassword(input.password)) {
    throw new AppError('BAD_REQUEST', 'Password is too common', {
      password: 'This password is too common; choose another',
    });
  }
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'user',
        isActive: true,
        createdAt: ctx.now(),
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    const created = inserted[0];
    if (!created) return 'email-taken';
    await tx.insert(userProfiles).values({ userId: created.id });
    return 'created';
  });
}
