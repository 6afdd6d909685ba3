import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openMemoryPglite, openPostgres } from '../db/client';

export type TestDatabaseKind = 'pglite' | 'postgres';

// Tests read their own setting: without it they run on PGlite only, so `npm test` passes on a
// machine with no PostgreSQL; CI sets it.
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

/** The databases every database test runs on. */
export const TEST_DATABASE_KINDS: TestDatabaseKind[] = TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * A fresh, migrated, empty database. On PostgreSQL each call creates its own database and
 * `close()` drops it, so runs never see each other's rows.
 */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  options: { poolMax?: number } = {},
): Promise<Database & { url?: string }> {
  if (kind === 'pglite') return openMemoryPglite();
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cogni_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { poolMax: options.poolMax ?? 4 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}
