import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  createBackgroundScrypt,
  HASHING_AUTOGROUP_NICE,
  type HashingWeight,
} from './background-scrypt';
import { createConcurrencyLimit } from './concurrency-limit';
import { trialSaveRate } from './trial-save-rate';

/**
 * scrypt at the cost OWASP ASVS 5.0 appendix C asks for: N=2^17, r=8, p=1 (128 MiB, and some
 * hundreds of milliseconds of a core, ADR 020). Parameters are stored with each hash, so a hash
 * keeps verifying at the cost it was made with when the cost changes.
 */
export const PRODUCTION_COST = { N: 2 ** 17, r: 8, p: 1 } as const;

/** log2 of scrypt's N that new hashes use (the SCRYPT_LOG2_N setting, 17 unless configured). */
let costLog2N = Math.log2(PRODUCTION_COST.N);

/**
 * Sets the cost of new hashes from here on (createApp passes the configuration). Below 17 it is
 * under what ASVS asks: for test suites, which sign up hundreds of accounts.
 */
export function setPasswordHashCost(log2N: number): void {
  costLog2N = log2N;
}

const currentCost = () => ({ ...PRODUCTION_COST, N: 2 ** costLog2N });

/**
 * What one new hash costs against the full cost: 1 as configured by default, less where
 * SCRYPT_LOG2_N is lower. Limits that exist to share out the hashing time scale their waits by
 * it.
 */
export function hashCostShare(): number {
  return 2 ** costLog2N / PRODUCTION_COST.N;
}
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

/**
 * How the hashing competes for the CPU (the HASHING_PRIORITY setting, ADR 033, ADR 037):
 * - `adaptive` (the default): at the shared weight (autogroup nice HASHING_BUSY_NICE) while
 *   trial saves keep the server busy, so a crowd of logins slows them only a little and still
 *   gets through; otherwise at the normal weight, so a login takes its fair share of a machine
 *   that other work keeps busy instead of waiting behind all of it.
 * - `background`: always at the background weight (the least; logins wait behind everything).
 * - `normal`: always at the normal weight.
 */
export const HASHING_PRIORITIES = ['adaptive', 'background', 'normal'] as const;
export type HashingPriority = (typeof HASHING_PRIORITIES)[number];

let hashingPriority: HashingPriority = 'adaptive';

/** Sets how hashing competes for the CPU from here on (createApp passes the configuration). */
export function setHashingPriority(priority: HashingPriority): void {
  hashingPriority = priority;
}

/**
 * Trial saves per second from which adaptive hashing runs at the shared weight: about 40
 * participants in a task at once. Below it the trial path takes a few percent of a core, and a
 * save that arrives while a hash runs gets the other core or the next time slice.
 */
export const BUSY_TRIAL_SAVES_PER_SEC = 20;

/**
 * The autogroup nice of adaptive hashing while trial saves keep the server busy (the
 * HASHING_BUSY_NICE setting): the share of the CPU a crowd of logins gets beside them (ADR 037).
 */
export const DEFAULT_HASHING_BUSY_NICE = 10;

/** As many processes of each weight as hashes may run at once, each started on first use. */
const hashingProcesses: Record<HashingWeight, ReturnType<typeof createBackgroundScrypt>> = {
  background: createBackgroundScrypt(2, HASHING_AUTOGROUP_NICE),
  shared: createBackgroundScrypt(2, DEFAULT_HASHING_BUSY_NICE),
  normal: createBackgroundScrypt(2, 0),
};
let busyNice = DEFAULT_HASHING_BUSY_NICE;

/**
 * Sets the autogroup nice of the shared weight from here on (createApp passes the
 * configuration); its processes start again at the new weight when next used.
 */
export function setHashingBusyNice(nice: number): void {
  if (nice === busyNice) return;
  busyNice = nice;
  hashingProcesses.shared = createBackgroundScrypt(2, nice);
}

/** The hashing processes a hash starting now goes to. */
export function currentHashingWeight(): HashingWeight {
  if (hashingPriority !== 'adaptive') return hashingPriority;
  return trialSaveRate.perSecond() >= BUSY_TRIAL_SAVES_PER_SEC ? 'shared' : 'normal';
}

function deriveKeyNow(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // maxmem must exceed 128 * N * r bytes or node refuses the parameters.
  const maxmem = 256 * params.N * params.r;
  const hash = hashingProcesses[currentHashingWeight()];
  return hash(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem });
}

/** Returns `scrypt$N$r$p$salt$key` (salt and key base64). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const cost = currentCost();
  const key = await deriveKey(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join(
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
