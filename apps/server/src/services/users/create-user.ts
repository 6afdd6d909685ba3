import { type AdminUser, type CreateUserInput, EMAIL_TAKEN } from '@cogni/domain';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit/write-audit-entry';
import { hashNewPassword, insertAccount } from '../auth/new-account';
import type { PasswordContext } from '../context';
import { getAdminUser } from './get-admin-user';

/** The answer when the email is taken (the domain's, so the form's email field shows it too). */
export const EMAIL_TAKEN_MESSAGE = EMAIL_TAKEN;

/**
 * An admin creates an account with a chosen role (docs/product.md#roles-and-permissions), under the
 * registration's password policy. Unlike sign-up, a taken email is reported (409): admins see every
 * account. The password is marked to be changed at the user's first login (ADR 013).
 */
export async function createUser(
  ctx: PasswordContext,
  actorId: string,
  input: CreateUserInput,
): Promise<AdminUser> {
  const passwordHash = await hashNewPassword(ctx.passwords, input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const id = await insertAccount(tx, {
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      createdAt: ctx.now(),
      // Someone else knows this password: it opens nothing but its own replacement (ASVS 6.4.1).
      mustChangePassword: true,
    });
    if (!id)
      throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE.message });
    await writeAuditEntry(
      { db: tx, now: ctx.now },
      { actorId, action: 'USER_CREATE', targetUserId: id, details: { role: input.role } },
    );
    return id;
  });
  return getAdminUser(ctx, userId);
}
