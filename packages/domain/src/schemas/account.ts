import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { englishText } from '../texts';
import { NewPasswordSchema } from './user';
import { PASSWORD_TOO_LONG, REQUIRED } from './validation-texts';

const MUST_BE_TRUE_OR_FALSE = englishText(
  /*i18n*/ { id: 'validation.mustBeTrueOrFalse', message: 'Must be true or false' },
);

/** The messages the server puts on a password field it refuses beyond the schema. */
export const PASSWORD_FIELD_ERRORS = {
  unchanged: englishText(
    /*i18n*/ {
      id: 'validation.passwordUnchanged',
      message: 'Choose a password different from your current one',
    },
  ),
  notCurrent: englishText(
    /*i18n*/ {
      id: 'validation.currentPasswordWrong',
      message: 'This is not your current password',
    },
  ),
};

/** A password typed to prove who you are: checked, never stored, so only its length is limited. */
export const CurrentPasswordSchema = z
  .string({ error: REQUIRED })
  .min(1, REQUIRED)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

/** POST /api/me/password (ASVS 6.2.3: the current password is needed to set a new one). */
export const ChangePasswordInputSchema = z.strictObject({
  currentPassword: CurrentPasswordSchema,
  newPassword: NewPasswordSchema,
  /** End every other session of the account (default): a stolen session dies with the change. */
  endOtherSessions: z.boolean({ error: MUST_BE_TRUE_OR_FALSE }).default(true),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** DELETE /api/me: the password again, so a borrowed unlocked browser cannot erase an account. */
export const DeleteAccountInputSchema = z.strictObject({ password: CurrentPasswordSchema });
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;
