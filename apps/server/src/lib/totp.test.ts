import { describe, expect, it } from 'vitest';
import {
  buildOtpauthUri,
  decodeBase32,
  encodeBase32,
  findTotpStep,
  generateHotp,
  generateTotp,
  generateTotpSecret,
  getTotpStep,
} from './totp';

/** The SHA-1 key of RFC 4226 appendix D and RFC 6238 appendix B: "12345678901234567890". */
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_SECRET = encodeBase32(RFC_KEY);

describe('HOTP (RFC 4226 appendix D)', () => {
  it.each([
    [0, '755224'],
    [1, '287082'],
    [2, '359152'],
    [3, '969429'],
    [4, '338314'],
    [5, '254676'],
    [6, '287922'],
    [7, '162583'],
    [8, '399871'],
    [9, '520489'],
  ])('counter %i gives %s', (counter, code) => {
    expect(generateHotp(RFC_KEY, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, SHA-1, 8 digits)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s gives %s', (seconds, code) => {
    expect(generateTotp(RFC_SECRET, seconds * 1000, 8)).toBe(code);
  });

  it('gives the last six of those digits with the apps’ 6-digit setting', () => {
    expect(generateTotp(RFC_SECRET, 1111111109 * 1000)).toBe('081804');
    expect(generateTotp(RFC_SECRET, 59 * 1000)).toBe('287082');
  });
});

describe('base32 (RFC 4648 section 10, unpadded)', () => {
  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('%j <-> %s', (text, encoded) => {
    expect(encodeBase32(Buffer.from(text))).toBe(encoded);
    expect(decodeBase32(encoded).toString()).toBe(text);
  });

  it('reads lower case, spaces and padding as apps show them, and refuses other characters', () => {
    expect(decodeBase32('mzxw 6ytb oi======').toString()).toBe('foobar');
    expect(() => decodeBase32('MZXW1')).toThrow(/base32/);
  });

  it('round-trips the RFC key', () => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(decodeBase32(RFC_SECRET).equals(RFC_KEY)).toBe(true);
  });
});

describe('findTotpStep', () => {
  const now = 1_700_000_015_000;
  const step = getTotpStep(now);

  it('accepts the current code and those of one step either side, naming the step', () => {
    expect(findTotpStep(RFC_SECRET, generateTotp(RFC_SECRET, now), now)).toBe(step);
    expect(findTotpStep(RFC_SECRET, generateTotp(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(findTotpStep(RFC_SECRET, generateTotp(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
  });

  it('refuses codes two steps away, wrong codes and anything that is not six digits', () => {
    expect(findTotpStep(RFC_SECRET, generateTotp(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(findTotpStep(RFC_SECRET, generateTotp(RFC_SECRET, now + 60_000), now)).toBeNull();
    const code = generateTotp(RFC_SECRET, now);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(findTotpStep(RFC_SECRET, wrong, now)).toBeNull();
    expect(findTotpStep(RFC_SECRET, `${code}0`, now)).toBeNull();
    expect(findTotpStep(RFC_SECRET, code.slice(1), now)).toBeNull();
    expect(findTotpStep(RFC_SECRET, 'abcdef', now)).toBeNull();
  });
});

describe('secrets and URIs', () => {
  it('makes a new 160-bit secret each time', () => {
    const a = generateTotpSecret();
    const b = generateTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(decodeBase32(a)).toHaveLength(20);
    expect(a).not.toBe(b);
  });

  it('builds the Key URI Format with issuer, label and parameters escaped', () => {
    const uri = new URL(
      buildOtpauthUri({ issuer: 'Cogni', accountName: 'ada+1@example.com', secret: RFC_SECRET }),
    );
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Cogni:ada+1@example.com');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: RFC_SECRET,
      issuer: 'Cogni',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
