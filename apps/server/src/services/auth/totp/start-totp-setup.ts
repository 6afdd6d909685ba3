import type { Text, TotpSetupResponse } from '@cogni/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { toQrCodeDataUrl } from '../../../lib/qr-code';
import { buildOtpauthUri, generateTotpSecret } from '../../../lib/totp';
import type { ServiceContext } from '../../context';

/** Time to scan the code and confirm it, in ms. */
export const TOTP_SETUP_TTL_MS = 15 * 60 * 1000;
/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Cogni';

export const TOTP_ALREADY_ON: Text = /*i18n*/ {
  id: 'errors.totpAlreadyOn',
  message: 'Two-factor login is already on. Turn it off first to set it up again.',
};

/**
 * Makes a new secret for the caller and keeps it as pending: nothing changes at login until a
 * code from it is confirmed. Starting again replaces the pending secret. This answer is the only
 * time the secret leaves the server.
 */
export async function startTotpSetup(
  ctx: ServiceContext,
  userId: string,
): Promise<TotpSetupResponse> {
  const secret = generateTotpSecret();
  const expiresAt = new Date(ctx.now().getTime() + TOTP_SETUP_TTL_MS);
  // Only while two-factor login is off: an account that has it keeps its one secret.
  const [row] = await ctx.db
    .update(users)
    .set({ totpPendingSecret: secret, totpPendingExpiresAt: expiresAt })
    .where(and(eq(users.id, userId), isNull(users.totpSecret)))
    .returning({ email: users.email });
  if (!row) throw new AppError('CONFLICT', TOTP_ALREADY_ON);
  const otpauthUri = buildOtpauthUri({ issuer: TOTP_ISSUER, accountName: row.email, secret });
  return {
    secret,
    otpauthUri,
    qrCodeDataUrl: toQrCodeDataUrl(otpauthUri),
    expiresAt: expiresAt.toISOString(),
  };
}
