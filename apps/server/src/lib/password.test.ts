import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BUSY_TRIAL_SAVES_PER_SEC, createPasswordHasher, PRODUCTION_COST } from './password';
import { trialSaveRate } from './trial-save-rate';

describe('password hashing', () => {
  it('hashes at the OWASP cost (N=2^17, r=8, p=1) unless configured, and stores the parameters, a fresh salt and the key', async () => {
    expect(PRODUCTION_COST).toEqual({ N: 131_072, r: 8, p: 1 });
    const production = createPasswordHasher();
    expect(production.costShare).toBe(1);
    const full = await production.hash('correct horse battery staple');
    expect(full).toMatch(/^scrypt\$131072\$8\$1\$[^$]+\$[^$]+$/);
    const cheap = createPasswordHasher({ costLog2N: 12 });
    expect(cheap.costShare).toBe(1 / 32);
    const first = await cheap.hash('correct horse battery staple');
    const second = await cheap.hash('correct horse battery staple');
    expect(first).toMatch(/^scrypt\$4096\$8\$1\$[^$]+\$[^$]+$/);
    expect(second).not.toBe(first);
    expect(await cheap.verify('correct horse battery staple', first)).toBe(true);
    expect(await cheap.verify('correct horse battery staplE', first)).toBe(false);
    expect(await cheap.verify('', first)).toBe(false);
    // A hash keeps its own cost: either hasher verifies the other's hashes.
    expect(await cheap.verify('correct horse battery staple', full)).toBe(true);
    expect(await production.verify('correct horse battery staple', first)).toBe(true);
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
    const passwords = createPasswordHasher({ costLog2N: 12 });
    expect(await passwords.verify('a full-cost password', stored)).toBe(true);
    expect(await passwords.verify('another password', stored)).toBe(false);
  });

  it('treats malformed stored hashes as a mismatch', async () => {
    const passwords = createPasswordHasher({ costLog2N: 12 });
    for (const stored of ['', 'plain', 'bcrypt$10$x$y', 'scrypt$4096$8$1$$', 'scrypt$4096$8$1']) {
      expect(await passwords.verify('anything', stored)).toBe(false);
    }
  });

  it('answers unknown emails with the same work and a refusal', async () => {
    expect(await createPasswordHasher().verifyDummy('whatever')).toBe(false);
  });

  it('hashes at the shared weight only while trial saves keep the server busy, by default', () => {
    const adaptive = createPasswordHasher();
    const normal = createPasswordHasher({ priority: 'normal' });
    const background = createPasswordHasher({ priority: 'background' });
    // This worker saves no trials: a login gets its fair share of a busy machine.
    expect(trialSaveRate.perSecond()).toBe(0);
    expect(adaptive.currentWeight()).toBe('normal');
    for (let i = 0; i < BUSY_TRIAL_SAVES_PER_SEC; i++) trialSaveRate.note();
    expect(adaptive.currentWeight()).toBe('shared');
    expect(normal.currentWeight()).toBe('normal');
    expect(background.currentWeight()).toBe('background');
  });

  it('refuses a busy nice outside 0 to 19, as the hashing processes would', () => {
    expect(() => createPasswordHasher({ busyNice: 20 })).toThrow(/autogroup nice 20/);
  });
});
