import type { RegisterInput } from '@cogni/domain';
import type { PasswordContext } from '../context';
import { hashNewPassword, insertAccount } from './new-account';

export type RegisterOutcome = 'created' | 'email-taken';

/**
 * Creates a user (role 'user', active) and their empty profile in one transaction
 * (docs/product.md#accounts). An email that is already registered changes nothing, but the caller
 * answers exactly as for a new account, after the same password-hashing work, so sign-up does not
 * reveal which emails are registered (ASVS 6.3.8).
 */
export async function registerUser(
  ctx: PasswordContext,
  input: RegisterInput,
): Promise<RegisterOutcome> {
  const passwordHash = await hashNewPassword(ctx.passwords, input.password);
  return ctx.db.transaction(async (tx) => {
    const id = await insertAccount(tx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: 'user',
      createdAt: ctx.now(),
    });
    return id ? 'created' : 'email-taken';
  });
}
