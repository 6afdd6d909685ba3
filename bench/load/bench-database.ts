import { randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { type Db, openPglite } from '../../apps/server/src/db/client';
import { trials, userProfiles, users } from '../../apps/server/src/db/schema';
import { createPasswordHasher } from '../../apps/server/src/lib/password';
import type { Account } from './participant';

export type DatabaseKind = 'postgres' | 'pglite';

/** The password of every seeded account: long enough for the policy, not a common one. */
const PASSWORD = 'load participant passphrase';
const SEED_BATCH = 500;

/**
 * A cheap hash in the server's format (lib/password.ts: `scrypt$N$r$p$salt$key`). The server
 * verifies with the parameters stored in each hash, so the participants log in through the real
 * route without each login costing a full-cost hash: the step-up logs in thousands of them, and
 * at the real cost that alone would keep both cores busy for minutes. The login burst uses the
 * real cost.
 */
function hashCheaply(password: string): string {
  const params = { N: 16, r: 1, p: 1 };
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, params);
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

export type BenchDatabase = {
  kind: DatabaseKind;
  /** What the server needs to use this database. */
  serverEnv: Record<string, string>;
  /** Accounts with a cheap password hash, for the participants. */
  accounts: Account[];
  /** Accounts with the real password cost, for the login burst. */
  burstAccounts: Account[];
  /**
   * As many accounts with the cheap hash, for a burst of the login requests alone (`--hold
   * --burst`): what a burst costs besides the hashing.
   */
  cheapBurstAccounts: Account[];
  /** Rows in the trials table (embedded: only while no server holds the data folder). */
  countTrials(): Promise<number>;
  /**
   * Runs `work` on the database directly (embedded: only while no server holds the data
   * folder): the benchmark's own setup and checks.
   */
  query<T>(work: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
};

async function seedAccounts(db: Db, emails: string[], passwordHash: string): Promise<void> {
  for (let i = 0; i < emails.length; i += SEED_BATCH) {
    const batch = emails.slice(i, i + SEED_BATCH);
    const created = await db
      .insert(users)
      .values(batch.map((email) => ({ email, passwordHash, firstName: 'Load', lastName: 'Bench' })))
      .returning({ id: users.id });
    await db.insert(userProfiles).values(created.map(({ id }) => ({ userId: id })));
  }
}

async function countTrialRows(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(trials);
  return row?.n ?? 0;
}

/**
 * A new database with `accountCount` participant accounts and `burstCount` burst accounts,
 * written directly (signing up thousands through the API would be rate-limited, and slow).
 * PostgreSQL: a database of its own next to TEST_DATABASE_URL's, dropped at dispose, so the
 * bench never collides with tests. Embedded: a new temporary data folder.
 */
export async function createBenchDatabase(
  kind: DatabaseKind,
  accountCount: number,
  burstCount: number,
): Promise<BenchDatabase> {
  const emails = Array.from({ length: accountCount }, (_, i) => `load-${i}@bench.test`);
  const burstEmails = Array.from({ length: burstCount }, (_, i) => `burst-${i}@bench.test`);
  const cheapBurstEmails = burstEmails.map((email) => `cheap-${email}`);
  const seed = async (db: Db) => {
    await seedAccounts(db, [...emails, ...cheapBurstEmails], hashCheaply(PASSWORD));
    // One real hash for all of them (the production cost): each login still costs the full scrypt.
    await seedAccounts(db, burstEmails, await createPasswordHasher().hash(PASSWORD));
  };
  const toAccounts = (list: string[]) => list.map((email) => ({ email, password: PASSWORD }));
  const common = {
    kind,
    accounts: toAccounts(emails),
    burstAccounts: toAccounts(burstEmails),
    cheapBurstAccounts: toAccounts(cheapBurstEmails),
  };

  if (kind === 'postgres') {
    // test-database.ts reads TEST_DATABASE_URL when it is loaded.
    process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
    const { createTestDatabase } = await import('../../apps/server/src/testing/test-database');
    const database = await createTestDatabase('postgres');
    await seed(database.db);
    return {
      ...common,
      serverEnv: { DATABASE_URL: database.url ?? '' },
      countTrials: () => countTrialRows(database.db),
      query: (work) => work(database.db),
      dispose: () => database.close(),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-bench-load-'));
  const withDb = async <T>(work: (db: Db) => Promise<T>): Promise<T> => {
    const database = await openPglite(dataDir);
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  };
  await withDb(seed);
  return {
    ...common,
    serverEnv: { DATA_DIR: dataDir },
    countTrials: () => withDb(countTrialRows),
    query: withDb,
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
