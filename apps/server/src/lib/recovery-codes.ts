import { createHash, randomBytes } from 'node:crypto';
import { encodeBase32 } from './totp';

/** 120 bits: above the 112 that ASVS 6.5.2 asks for before a plain hash may store a code. */
const CODE_BYTES = 15;

/** A new recovery code, 'abcd-efgh-ijkl-mnop-qrst-uvwx': base32, lower case, in groups of four. */
export function generateRecoveryCode(): string {
  const text = encodeBase32(randomBytes(CODE_BYTES)).toLowerCase();
  return text.match(/.{4}/g)?.join('-') ?? text;
}

/** The stored form of a code as typed: case, dashes and spaces do not matter. */
export function hashRecoveryCode(typed: string): string {
  const normalized = typed.replace(/[\s-]/g, '').toUpperCase();
  return createHash('sha256').update(normalized).digest('hex');
}
