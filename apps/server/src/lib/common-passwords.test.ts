import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('holds well over the 3000 policy-length passwords ASVS 6.2.4 asks for', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(10_000);
  });

  it('refuses breached passwords of an acceptable length, whatever their case', () => {
    for (const password of [
      '123qweasdzxc',
      'qwertyuiopasdfghjkl',
      'Password1234',
      'LEAVEMEALONE',
    ]) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('accepts passphrases that are not on the list', () => {
    for (const password of ['violet kettle orbit 42', 'Tr4mline-Quokka-Sleet']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
