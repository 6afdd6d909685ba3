import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BUSY_TRIAL_SAVES_PER_SEC,
  currentHashingWeight,
  hashCostShare,
  hashPassword,
  PRODUCTION_COST,
  setHashingPriority,
  setPasswordHashCost,
  verifyAgainstDummy,
  verifyPassword,
} from './password';
import { trialSaveRate } from './trial-save-rate';

describe('password hashing', () => {
  it('hashes at the OWASP cost (N=2^17, r=8, p=1) unless configured, and stores the parameters, a fresh salt and the key', async () => {
    expect(PRODUCTION_COST).toEqual({ N: 131_072, r: 8, p: 1 });
    expect(hashCostShare()).toBe(1);
    const full = await hashPassword('correct horse battery staple');
    expect(full).toMatch(/^scrypt\$131072\$8\$1\$[^$]+\$[^$]+$/);
    try {
      setPasswordHashCost(12);
      expect(hashCostShare()).toBe(1 / 32);
      const first = await hashPassword('correct horse battery staple');
      const second = await hashPassword('correct horse battery staple');
      expect(first).toMatch(/^scrypt\$4096\$8\$1\$[^$]+\$[^$]+$/);
      expect(second).not.toBe(first);
      expect(await verifyPassword('correct horse battery staple', first)).toBe(true);
      expect(await verifyPassword('correct horse battery staplE', first)).toBe(false);
      expect(await verifyPassword('', first)).toBe(false);
      // A hash keeps its own cost: the full-cost one verifies at any setting.
      expect(await verifyPassword('correct horse battery staple', full)).toBe(true);
    } finally {
      setPasswordHashCost(17);
    }
  });

  it('verifies a hash made at full cost with the parameters stored in it', async () => {
    const salt = randomBytes(16);
    const { N, r, p } = PRODUCTION_COST;
    const key = scryptSync('a full-cost password'.normalize('NFKC'), salt, 32, {
      N,
      r,
      p,
      maxmem: 256 * N * r,
    });
    const stored = ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword('a full-cost password', stored)).toBe(true);
    expect(await verifyPassword('another password', stored)).toBe(false);
  });

  it('treats malformed stored hashes as a mismatch', async () => {
    for (const stored of ['', 'plain', 'bcrypt$10$x$y', 'scrypt$4096$8$1$$', 'scrypt$4096$8$1']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('answers unknown emails with the same work and a refusal', async () => {
    expect(await verifyAgainstDummy('whatever')).toBe(false);
  });

  it('hashes at the shared weight only while trial saves keep the server busy, by default', () => {
    try {
      setHashingPriority('adaptive');
      // This worker saves no trials: a login gets its fair share of a busy machine.
      expect(trialSaveRate.perSecond()).toBe(0);
      expect(currentHashingWeight()).toBe('normal');
      for (let i = 0; i < BUSY_TRIAL_SAVES_PER_SEC; i++) trialSaveRate.note();
      expect(currentHashingWeight()).toBe('shared');
      setHashingPriority('normal');
      expect(currentHashingWeight()).toBe('normal');
      setHashingPriority('background');
      expect(currentHashingWeight()).toBe('background');
    } finally {
      setHashingPriority('adaptive');
    }
  });
});
