import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { NewPasswordSchema } from './user';

/** A password typed to prove who you are: checked, never stored, so only its length is limited. */
export const CurrentPasswordSchema = z
  .string({ error: 'Required' })
  .min(1, 'Required')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** POST /api/me/password (ASVS 6.2.3: the current password is needed to set a new one). */
export const ChangePasswordInputSchema = z.strictObject({
  currentPassword: CurrentPasswordSchema,
  newPassword: NewPasswordSchema,
  /** End every other session of the account (default): a stolen session dies with the change. */
  endOtherSessions: z.boolean({ error: 'Must be true or false' }).default(true),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** DELETE /api/me: the password again, so a borrowed unlocked browser cannot erase an account. */
export const DeleteAccountInputSchema = z.strictObject({ password: CurrentPasswordSchema });
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;
