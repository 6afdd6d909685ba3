import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants';
import { LanguageSchema } from '../languages';
import { englishText, type Text } from '../texts';
import { MUST_BE_TEXT, PASSWORD_TOO_LONG, REQUIRED } from './validation-texts';

export const ROLES = ['user', 'researcher', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** The validation messages of the account forms. */
const TEXTS = {
  emailTooLong: englishText(
    /*i18n*/ { id: 'validation.emailTooLong', message: 'Email is too long' },
  ),
  emailInvalid: englishText(
    /*i18n*/ { id: 'validation.emailInvalid', message: 'Enter a valid email address' },
  ),
  passwordTooShort: englishText(
    /*i18n*/ {
      id: 'validation.passwordMin',
      message: 'Password must be at least {min} characters',
    },
    { min: PASSWORD_MIN_LENGTH },
  ),
  nameTooLong: englishText(
    /*i18n*/ { id: 'validation.nameMax', message: 'At most {max} characters' },
    { max: NAME_MAX_LENGTH },
  ),
  invalidCharacters: englishText(
    /*i18n*/ { id: 'validation.invalidCharacters', message: 'Contains invalid characters' },
  ),
};

/**
 * The server's answer when the email of a new account is taken, and its email field's message:
 * registered, so a form shows the field's message in the reader's language.
 */
export const EMAIL_TAKEN: Text = /*i18n*/ {
  id: 'errors.emailTaken',
  message: 'A user with this email already exists',
};
englishText(EMAIL_TAKEN);

/** The messages the server puts on a password or email field it refuses beyond the schema. */
export const ACCOUNT_FIELD_ERRORS = {
  passwordTooCommon: englishText(
    /*i18n*/ {
      id: 'validation.passwordTooCommon',
      message: 'This password is too common; choose another',
    },
  ),
  emailOfExistingAccount: englishText(
    /*i18n*/ {
      id: 'validation.emailOfExistingAccount',
      message: 'An account with this email exists; use another email for the admin',
    },
  ),
};

/**
 * A string field whose absence reads 'Required' rather than zod's type message, so every form
 * can show it next to the field as it is.
 */
function requiredText() {
  return z.string({
    error: (issue) => (issue.input === undefined ? REQUIRED : MUST_BE_TEXT),
  });
}

export const EmailSchema = requiredText()
  .trim()
  .min(1, REQUIRED)
  .max(EMAIL_MAX_LENGTH, TEXTS.emailTooLong)
  .pipe(z.email(TEXTS.emailInvalid))
  .transform((email) => email.toLowerCase());

/** No composition rules and no trimming: the password is used exactly as typed (ASVS 6.2.5, 6.2.8). */
export const NewPasswordSchema = requiredText()
  .min(PASSWORD_MIN_LENGTH, TEXTS.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);

export const NameSchema = requiredText()
  .trim()
  .min(1, REQUIRED)
  .max(NAME_MAX_LENGTH, TEXTS.nameTooLong)
  // Control characters in a name are never legitimate and break logs and CSV exports.
  .refine((name) => !/\p{Cc}/u.test(name), TEXTS.invalidCharacters);

export const RegisterInputSchema = z.strictObject({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: NameSchema,
  lastName: NameSchema,
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const LoginInputSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .min(1, REQUIRED)
    .max(EMAIL_MAX_LENGTH)
    .transform((e) => e.toLowerCase()),
  password: z.string().min(1, REQUIRED).max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** The only fields a user may change about themselves. Any other key is refused. */
export const UpdateNameInputSchema = z.strictObject({
  firstName: NameSchema,
  lastName: NameSchema,
});
export type UpdateNameInput = z.infer<typeof UpdateNameInputSchema>;

/** A user as the API shows it: never the password hash, never a session token. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  /** Logging in needs a code from an authenticator app as well as the password (ASVS 6.3.3). */
  totpEnabled: z.boolean(),
  /**
   * The password was set by an admin: until the user chooses their own, the API refuses
   * everything but changing it, reading the session and logging out (ASVS 6.4.1).
   */
  mustChangePassword: z.boolean(),
  /**
   * The first admin, made from the setup link: until two-factor login is on, the API refuses
   * everything but setting it up, reading the session and logging out.
   */
  mustSetUpTotp: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** GET /api/setup/:token: the one-time setup link opens the setup (otherwise 404). */
export const SetupLinkResponseSchema = z.object({ open: z.literal(true) });
/** POST /api/setup/:token: the first admin, signed in. */
export const FirstAdminResponseSchema = z.object({ user: UserSchema });

export const UserProfileSchema = z.object({
  userId: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  timezone: z.string().nullable(),
  language: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/**
 * GET /api/session: who is signed in, or null, and the language their profile names (null:
 * none chosen, or a language Cogni does not speak). Answers that only know the user leave the
 * language out; the page then keeps the language it has.
 */
export const SessionResponseSchema = z.object({
  user: UserSchema.nullable(),
  language: LanguageSchema.nullable().optional(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** PUT /api/me/language: the language of the signed-in user's pages, or null for none. */
export const LanguageInputSchema = z.strictObject({ language: LanguageSchema.nullable() });
export type LanguageInput = z.infer<typeof LanguageInputSchema>;
export const LanguageResponseSchema = z.object({ language: LanguageSchema.nullable() });

/** GET /api/me and PATCH /api/me. */
export const MeResponseSchema = z.object({ user: UserSchema, profile: UserProfileSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;
