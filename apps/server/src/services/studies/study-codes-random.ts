import { randomInt } from 'node:crypto';

/**
 * The letters of study and personal codes: digits and lower-case letters without the ones read
 * alike (0 o, 1 l i), so a code read aloud or typed from paper comes out right.
 */
const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';

/** The length of a code: 12 letters of 31, about 59 bits, unguessable behind the start limit. */
export const CODE_LENGTH = 12;

/** A new random code (a study's public code or a personal code). */
export function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Whether `text` could be a code: the right length and letters, so anything else is a 404. */
export function isCodeShaped(text: string): boolean {
  return text.length === CODE_LENGTH && [...text].every((c) => ALPHABET.includes(c));
}
