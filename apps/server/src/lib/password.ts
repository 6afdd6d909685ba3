import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createBackgroundScrypt } from './background-scrypt';
import { createConcurrencyLimit } from './concurrency-limit';

/**
 * scrypt at the cost OWASP ASVS 5.0 appendix C asks for: N=2^17, r=8, p=1 (128 MiB, about
 * 0.3 s on one core). Parameters are stored with each hash so they can be raised later.
 */
export const PRODUCTION_COST = { N: 2 ** 17, r: 8, p: 1 } as const;

/**
 * The same hashing 32 times cheaper, only inside the Vitest workers of the in-process test
 * suite, where hundreds of sign-ups and logins would otherwise spend minutes hashing. Servers
 * that tests spawn (main.test, the e2e and fault suites) get an environment without VITEST and
 * hash at full cost, as every real server does.
 */
const TEST_COST = { N: 2 ** 12, r: 8, p: 1 } as const;

export function hashCostFor(env: Record<string, string | undefined>) {
  return env.VITEST === 'true' ? TEST_COST : PRODUCTION_COST;
}

const COST = hashCostFor(process.env);

/**
 * What one hash costs here against the full cost: 1 on every real server, 1/32 in the Vitest
 * workers. Limits that exist to share out the hashing time scale their waits by it.
 */
export const HASH_COST_SHARE = COST.N / PRODUCTION_COST.N;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

type ScryptParams = { N: number; r: number; p: number };

/** The 503 of a server that has too many logins, sign-ups or password changes waiting. */
export const SIGN_INS_BUSY_MESSAGE = 'Too many sign-ins at once. Please try again in a moment.';

/** Two hashes at a time (two cores), 64 waiting (about 10 s of work); more get a 503. */
const limitHashing = createConcurrencyLimit({
  concurrency: 2,
  maxQueued: 64,
  busyMessage: SIGN_INS_BUSY_MESSAGE,
});

function deriveKey(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return limitHashing(() => deriveKeyNow(password, salt, params));
}

/** As many processes as hashes may run at once; they run below the server's priority. */
const hashOffThread = createBackgroundScrypt(2);

function deriveKeyNow(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // maxmem must exceed 128 * N * r bytes or node refuses the parameters.
  const maxmem = 256 * params.N * params.r;
  return hashOffThread(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem });
}

/** Returns `scrypt$N$r$p$salt$key` (salt and key base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(keyText, 'base64');
  const actual = await deriveKey(password, Buffer.from(saltText, 'base64'), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for logins with an unknown email, so response
 * time does not tell which emails are registered (ASVS 6.3.8).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('cogni-dummy-password-for-timing');
  await verifyPassword(password, await dummyHash);
  return false;
}
