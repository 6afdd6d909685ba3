import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hashCostFor,
  hashPassword,
  PRODUCTION_COST,
  verifyAgainstDummy,
  verifyPassword,
} from './password';

describe('password hashing', () => {
  it('uses the OWASP cost (N=2^17, r=8, p=1) everywhere but inside Vitest workers', () => {
    expect(PRODUCTION_COST).toEqual({ N: 131_072, r: 8, p: 1 });
    expect(hashCostFor({})).toBe(PRODUCTION_COST);
    expect(hashCostFor({ NODE_ENV: 'test', VITEST: 'false' })).toBe(PRODUCTION_COST);
    // This very suite runs in a Vitest worker: cheaper, same code.
    expect(hashCostFor(process.env).N).toBeLessThan(PRODUCTION_COST.N);
  });

  it('stores the parameters, a fresh salt and the key, and verifies only the same password', async () => {
    const cost = hashCostFor(process.env);
    const first = await hashPassword('correct horse battery staple');
    const second = await hashPassword('correct horse battery staple');
    expect(first).toMatch(
      new RegExp(`^scrypt\\$${cost.N}\\$${cost.r}\\$${cost.p}\\$[^$]+\\$[^$]+$`),
    );
    expect(second).not.toBe(first);
    expect(await verifyPassword('correct horse battery staple', first)).toBe(true);
    expect(await verifyPassword('correct horse battery staplE', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
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
});
