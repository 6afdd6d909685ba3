import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Text } from '@cogni/domain';
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

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

type ScryptParams = { N: number; r: number; p: number };

/** The 503 of a server that has too many logins, sign-ups or password changes waiting. */
export const SIGN_INS_BUSY_MESSAGE: Text = /*i18n*/ {
  id: 'errors.signInsBusy',
  message: 'Too many sign-ins at once. Please try again in a moment.',
};

/**
 * Two hashes at a time (two cores), 64 waiting (about 10 s of work); more get a 503. One limit
 * for the whole process, whatever hashers it holds: they share its cores.
 */
const limitHashing = createConcurrencyLimit({
  concurrency: 2,
  maxQueued: 64,
  busyMessage: SIGN_INS_BUSY_MESSAGE,
});

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

/** The settings of a password hasher; each has the default a server has unless configured. */
export type PasswordHashing = {
  /**
   * log2 of scrypt's N that new hashes use (the SCRYPT_LOG2_N setting; 17 by default, the
   * production cost). Below 17 it is under what ASVS asks: for test suites, which sign up
   * hundreds of accounts.
   */
  costLog2N: number;
  /** How hashing competes for the CPU (the HASHING_PRIORITY setting). */
  priority: HashingPriority;
  /** The autogroup nice of the shared weight (the HASHING_BUSY_NICE setting). */
  busyNice: number;
};

const DEFAULT_HASHING: PasswordHashing = {
  costLog2N: Math.log2(PRODUCTION_COST.N),
  priority: 'adaptive',
  busyNice: DEFAULT_HASHING_BUSY_NICE,
};

type HashingProcesses = ReturnType<typeof createBackgroundScrypt>;

/**
 * As many processes of each weight as hashes may run at once, each started on first use, and
 * shared by every hasher of the process that hashes at that weight: the shared weight has a set
 * for each busy nice a hasher uses.
 */
const backgroundProcesses = createBackgroundScrypt(2, HASHING_AUTOGROUP_NICE);
const normalProcesses = createBackgroundScrypt(2, 0);
const sharedProcessesByNice = new Map<number, HashingProcesses>();

function sharedProcesses(nice: number): HashingProcesses {
  let processes = sharedProcessesByNice.get(nice);
  if (!processes) {
    processes = createBackgroundScrypt(2, nice);
    sharedProcessesByNice.set(nice, processes);
  }
  return processes;
}

/**
 * One app's password hashing, at its own settings (PasswordHashing): its cost for new hashes and
 * how its hashes compete for the CPU. Hashes store their parameters (`scrypt$N$r$p$salt$key`), so
 * any hasher verifies any hash at the cost it was made with.
 */
export type PasswordHasher = {
  /** Returns `scrypt$N$r$p$salt$key` (salt and key base64), at this hasher's cost. */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /**
   * Spends the same time as a real verification, for logins with an unknown email, so response
   * time does not tell which emails are registered (ASVS 6.3.8).
   */
  verifyDummy(password: string): Promise<false>;
  /**
   * What one new hash costs against the full cost: 1 at the default cost, less where
   * costLog2N is lower. Limits that exist to share out the hashing time scale their waits by it.
   */
  readonly costShare: number;
  /** The weight a hash starting now runs at. */
  currentWeight(): HashingWeight;
};

export function createPasswordHasher(settings: Partial<PasswordHashing> = {}): PasswordHasher {
  const own: PasswordHashing = { ...DEFAULT_HASHING, ...settings };
  const cost: ScryptParams = { ...PRODUCTION_COST, N: 2 ** own.costLog2N };
  const processesOf: Record<HashingWeight, HashingProcesses> = {
    background: backgroundProcesses,
    shared: sharedProcesses(own.busyNice),
    normal: normalProcesses,
  };
  let dummyHash: Promise<string> | undefined;

  const currentWeight = (): HashingWeight => {
    if (own.priority !== 'adaptive') return own.priority;
    return trialSaveRate.perSecond() >= BUSY_TRIAL_SAVES_PER_SEC ? 'shared' : 'normal';
  };

  const deriveKey = (password: string, salt: Buffer, params: ScryptParams) =>
    limitHashing(() => {
      // maxmem must exceed 128 * N * r bytes or node refuses the parameters.
      const maxmem = 256 * params.N * params.r;
      const processes = processesOf[currentWeight()];
      return processes(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem });
    });

  const hash = async (password: string) => {
    const salt = randomBytes(SALT_LENGTH);
    const key = await deriveKey(password, salt, cost);
    return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join(
      '$',
    );
  };

  const verify = async (password: string, stored: string) => {
    const [scheme, n, r, p, saltText, keyText] = stored.split('$');
    if (scheme !== 'scrypt' || !saltText || !keyText) return false;
    const params = { N: Number(n), r: Number(r), p: Number(p) };
    const expected = Buffer.from(keyText, 'base64');
    const actual = await deriveKey(password, Buffer.from(saltText, 'base64'), params);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  };

  return {
    hash,
    verify,
    async verifyDummy(password) {
      // Made at this hasher's cost on first use, so a refusal costs what a real check does. A
      // failed attempt (the hashing limit full, a hashing process gone) is not kept: the next
      // refusal makes it again instead of repeating that failure for every unknown email.
      dummyHash ??= hash('cogni-dummy-password-for-timing');
      const made = dummyHash;
      made.catch(() => {
        if (dummyHash === made) dummyHash = undefined;
      });
      await verify(password, await made);
      return false;
    },
    costShare: 2 ** own.costLog2N / PRODUCTION_COST.N,
    currentWeight,
  };
}
