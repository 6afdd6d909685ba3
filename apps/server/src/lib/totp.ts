import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) with the settings every
 * authenticator app supports: HMAC-SHA-1, 6 digits, 30-second steps. Written here rather than
 * taken from a package because it is thirty lines of node:crypto, and tested against the RFCs'
 * own vectors.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the step before and after the current one are accepted too, for clock drift. */
export const TOTP_WINDOW_STEPS = 1;
/** 160 bits, the key length RFC 4226 recommends for HMAC-SHA-1. */
const SECRET_BYTES = 20;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps take a secret. */
export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    // Only the bits not yet written matter (at most 12), so the shift never overflows.
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

/** Decodes base32, ignoring case, spaces and padding; throws on any other character. */
export function decodeBase32(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index === -1) throw new Error(`Not a base32 character: ${JSON.stringify(char)}`);
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret from the CSPRNG, base32-encoded (32 characters). */
export function generateTotpSecret(): string {
  return encodeBase32(randomBytes(SECRET_BYTES));
}

/** RFC 4226 HOTP: HMAC-SHA-1 of the 8-byte big-endian counter, dynamically truncated. */
export function generateHotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The RFC 6238 time step (counter) a moment falls in. */
export function getTotpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code an authenticator app shows at `timeMs` for a base32 secret. */
export function generateTotp(secret: string, timeMs: number, digits = TOTP_DIGITS): string {
  return generateHotp(decodeBase32(secret), getTotpStep(timeMs), digits);
}

/**
 * The time step, within the drift window around `timeMs`, whose code is `code`; null when none
 * is. Every candidate is compared in constant time. The caller refuses a step at or before the
 * last one used, so a code works once (replay).
 */
export function findTotpStep(secret: string, code: string, timeMs: number): number | null {
  if (!/^\d+$/.test(code) || code.length !== TOTP_DIGITS) return null;
  const key = decodeBase32(secret);
  const current = getTotpStep(timeMs);
  const given = Buffer.from(code);
  let found: number | null = null;
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step += 1) {
    if (timingSafeEqual(Buffer.from(generateHotp(key, step)), given) && found === null) {
      found = step;
    }
  }
  return found;
}

/** The Key URI Format authenticator apps scan: otpauth://totp/Issuer:account?secret=... */
export function buildOtpauthUri(options: {
  issuer: string;
  accountName: string;
  secret: string;
}): string {
  const label = `${encodeURIComponent(options.issuer)}:${encodeURIComponent(options.accountName)}`;
  const query = new URLSearchParams({
    secret: options.secret,
    issuer: options.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
