import { z } from 'zod';
import { englishText, type Text } from '../texts';
import { CurrentPasswordSchema } from './account';
import { UserSchema } from './user';
import { MUST_BE_TEXT, REQUIRED } from './validation-texts';

/** Digits in a code from an authenticator app (RFC 6238 with the apps' common settings). */
export const TOTP_CODE_LENGTH = 6;

/** A code as an authenticator app shows it: six digits (the web form drops spaces first). */
export const TotpCodeSchema = z
  .string({ error: (issue) => (issue.input === undefined ? REQUIRED : MUST_BE_TEXT) })
  .regex(
    /^\d{6}$/,
    englishText(
      /*i18n*/ {
        id: 'validation.totpCode',
        message: 'Enter the 6-digit code from your authenticator app',
      },
    ),
  );

/**
 * The server's answer to a wrong or spent code, and the code field's message: registered, so a
 * form shows the field's message in the reader's language.
 */
export const WRONG_TOTP_CODE: Text = /*i18n*/ {
  id: 'errors.wrongTotpCode',
  message: 'This code is not correct. Check your authenticator app and try again.',
};
englishText(WRONG_TOTP_CODE);

/** How many recovery codes an account gets when two-factor login is turned on. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * At login and to turn two-factor login off: a code from the app, or one of the recovery codes
 * ('abcd-efgh-ijkl-mnop-qrst-uvwx', dashes and case optional) for when the phone is lost.
 */
export const SecondFactorCodeSchema = z
  .string({ error: (issue) => (issue.input === undefined ? REQUIRED : MUST_BE_TEXT) })
  .regex(
    /^(\d{6}|[a-zA-Z2-7]{4}(-?[a-zA-Z2-7]{4}){5})$/,
    englishText(
      /*i18n*/ {
        id: 'validation.secondFactorCode',
        message: 'Enter the 6-digit code from your authenticator app, or a recovery code',
      },
    ),
  );

/**
 * POST /api/me/totp/setup: a new secret for the caller to add to an authenticator app. It is
 * shown this once; two-factor login is on only after POST /api/me/totp/confirm.
 */
export const TotpSetupResponseSchema = z.object({
  /** Base32 (RFC 4648), for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth://totp/... (Key URI Format), what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code of otpauthUri as an SVG data URL, drawn on the server. */
  qrCodeDataUrl: z.string(),
  /** Confirm before this time, or start again. */
  expiresAt: z.string(),
});
export type TotpSetupResponse = z.infer<typeof TotpSetupResponseSchema>;

/** POST /api/me/totp/confirm: the password and a current code turn two-factor login on. */
export const ConfirmTotpInputSchema = z.strictObject({
  password: CurrentPasswordSchema,
  code: TotpCodeSchema,
});
export type ConfirmTotpInput = z.infer<typeof ConfirmTotpInputSchema>;

/** DELETE /api/me/totp: the password and a current code (or a recovery code) turn it off. */
export const DisableTotpInputSchema = z.strictObject({
  password: CurrentPasswordSchema,
  code: SecondFactorCodeSchema,
});
export type DisableTotpInput = z.infer<typeof DisableTotpInputSchema>;

/** DELETE /api/me/totp (and, with recovery codes, the confirmation): the account as it is now. */
export const TotpChangeResponseSchema = z.object({
  user: UserSchema,
  /** Other sessions of the account that were logged out (they began without a code). */
  endedSessions: z.number().int(),
});
export type TotpChangeResponse = z.infer<typeof TotpChangeResponseSchema>;

/** POST /api/me/totp/confirm: also the recovery codes, shown this once (only hashes are kept). */
export const ConfirmTotpResponseSchema = TotpChangeResponseSchema.extend({
  recoveryCodes: z.array(z.string()),
});
export type ConfirmTotpResponse = z.infer<typeof ConfirmTotpResponseSchema>;

/**
 * POST /api/auth/login when the account has two-factor login on: the password was right, but
 * there is no session yet. The challenge goes with a code to POST /api/auth/login/totp.
 */
export const TotpChallengeResponseSchema = z.object({
  totpRequired: z.literal(true),
  /** Opaque and single-use; not a session token (it opens nothing by itself). */
  challengeId: z.string(),
  expiresAt: z.string(),
});
export type TotpChallengeResponse = z.infer<typeof TotpChallengeResponseSchema>;

/** POST /api/auth/login and POST /api/auth/login/totp on success: the signed-in user. */
export const LoginSuccessResponseSchema = z.object({ user: UserSchema });

/** POST /api/auth/login: signed in, or a second step is needed. */
export const LoginResponseSchema = z.union([
  LoginSuccessResponseSchema,
  TotpChallengeResponseSchema,
]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** POST /api/auth/login/totp: the second step of a login, with an app code or a recovery code. */
export const LoginTotpInputSchema = z.strictObject({
  challengeId: z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    .max(
      100,
      englishText(
        /*i18n*/ { id: 'validation.loginStepInvalid', message: 'Not a valid login step' },
      ),
    ),
  code: SecondFactorCodeSchema,
});
export type LoginTotpInput = z.infer<typeof LoginTotpInputSchema>;
