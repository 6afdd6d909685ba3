import { createHash, randomBytes } from 'node:crypto';

/** A new session token: 256 bits from the CSPRNG (ASVS 7.2.3 asks for at least 128). */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions are stored by the SHA-256 of their token, never the token itself. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
