import { ACCOUNT_FIELD_ERRORS, type RegisterInput, type Role, type Text } from '@cogni/domain';
import type { Db } from '../../db/client';
import { userProfiles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isCommonPassword } from '../../lib/common-passwords';
import type { PasswordHasher } from '../../lib/password';

const PASSWORD_TOO_COMMON: Text = /*i18n*/ {
  id: 'errors.passwordTooCommon',
  message: 'Password is too common',
};

/**
 * The password rules beyond the schema's length (a local list of common passwords, no network),
 * then the hash by the app's hasher: the one policy for registration and for accounts admins
 * create.
 */
export async function hashNewPassword(
  passwords: PasswordHasher,
  password: string,
  field = 'password',
): Promise<string> {
  if (isCommonPassword(password)) {
    throw new AppError('BAD_REQUEST', PASSWORD_TOO_COMMON, {
      [field]: ACCOUNT_FIELD_ERRORS.passwordTooCommon,
    });
  }
  return passwords.hash(password);
}

/**
 * Inserts an active account and its empty profile (docs/product.md#accounts), in the caller's
 * transaction. Returns the new id, or null when the email is taken (nothing is written then).
 */
export async function insertAccount(
  tx: Db,
  account: Omit<RegisterInput, 'password'> & {
    passwordHash: string;
    role: Role;
    createdAt: Date;
    /** True when an admin chose the password: the user must replace it first (ASVS 6.4.1). */
    mustChangePassword?: boolean;
    /** True for the first admin, made from the setup link: two-factor login comes first. */
    mustSetUpTotp?: boolean;
  },
): Promise<string | null> {
  const [created] = await tx
    .insert(users)
    .values({ ...account, isActive: true })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!created) return null;
  await tx.insert(userProfiles).values({ userId: created.id });
  return created.id;
}
