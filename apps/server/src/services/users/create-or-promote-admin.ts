import type { RegisterInput, Text } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { registerUser } from '../auth/register-user';
import type { PasswordContext } from '../context';

const ACCOUNT_LOST: Text = /*i18n*/ {
  id: 'errors.accountLostAfterCreation',
  message: 'The account could not be found after creation',
};

export type AdminOutcome = 'created' | 'promoted';

/**
 * Makes `input.email` an admin: creates the account when the email is new, otherwise promotes the
 * existing account and leaves its password and name as they are (docs/product.md#accounts).
 */
export async function createOrPromoteAdmin(
  ctx: PasswordContext,
  input: RegisterInput,
): Promise<AdminOutcome> {
  const outcome = await registerUser(ctx, input);
  const [promoted] = await ctx.db
    .update(users)
    .set({ role: 'admin', isActive: true })
    .where(eq(users.email, input.email))
    .returning({ id: users.id });
  if (!promoted) throw new AppError('INTERNAL', ACCOUNT_LOST);
  return outcome === 'created' ? 'created' : 'promoted';
}
