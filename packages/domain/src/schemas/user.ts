import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants';

export const ROLES = ['user', 'researcher', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/**
 * A string field whose absence reads 'Required' rather than zod's type message, so every form
 * can show it next to the field as it is.
 */
function requiredText() {
  return z.string({
    error: (issue) => (issue.input === undefined ? 'Required' : 'Must be text'),
  });
}

export const EmailSchema = requiredText()
  .trim()
  .min(1, 'Required')
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

/** No composition rules and no trimming: the password is used exactly as typed (ASVS 6.2.5, 6.2.8). */
export const NewPasswordSchema = requiredText()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const NameSchema = requiredText()
  .trim()
  .min(1, 'Required')
  .max(NAME_MAX_LENGTH, `At most ${NAME_MAX_LENGTH} characters`)
  // Control characters in a name are never legitimate and break logs and CSV exports.
  .refine((name) => !/\p{Cc}/u.test(name), 'Contains invalid characters');

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
    .min(1, 'Required')
    .max(EMAIL_MAX_LENGTH)
    .transform((e) => e.toLowerCase()),
  password: z.string().min(1, 'Required').max(PASSWORD_MAX_LENGTH),
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

/** GET /api/session: who is signed in, or null. */
export const SessionResponseSchema = z.object({ user: UserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** GET /api/me and PATCH /api/me. */
export const MeResponseSchema = z.object({ user: UserSchema, profile: UserProfileSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;
