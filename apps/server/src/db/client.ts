import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

/** Any number stays the same across releases: it names our migration lock in pg_locks. */
const MIGRATION_LOCK_KEY = 7_211_042;

/**
 * Opens the embedded database in dataDir (created if missing) and applies the migrations.
 * Only one process may use a data dir at a time: PGlite has no cross-process locking.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Opens an in-memory PGlite with the migrations applied (tests). */
export async function openMemoryPglite(): Promise<Database> {
  const client = await PGlite.create();
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * How long the server waits on PostgreSQL before a request is told to try again (a 503), so
 * that a database that stops answering costs each request seconds, not forever.
 */
export const POSTGRES_TIMEOUTS = {
  /**
   * Connecting, or waiting for one of the pool's connections. Connecting on one machine takes
   * milliseconds, and a request that waited this long for a free connection is better told to
   * try again than kept waiting by an overloaded server.
   */
  connectMs: 10_000,
  /** One statement, ended by PostgreSQL itself: the connection stays usable. */
  statementMs: 30_000,
  /**
   * One statement's answer, given up by the server when PostgreSQL has not ended it itself: the
   * connection is dead or cut off (a network partition sends no reset). The pool drops it.
   */
  queryMs: 35_000,
} as const;

export type PostgresTimeouts = { [K in keyof typeof POSTGRES_TIMEOUTS]: number };

/**
 * Connects to a PostgreSQL server and applies the migrations. Several app instances may start
 * at once against one database, so migrations run under an advisory lock on one connection
 * (with no statement timeout: a migration, or waiting for another instance's, may take long).
 */
export async function openPostgres(
  connectionString: string,
  options: {
    poolMax?: number;
    onPoolError?: (error: Error) => void;
    timeouts?: PostgresTimeouts;
  } = {},
): Promise<Database> {
  const timeouts = options.timeouts ?? POSTGRES_TIMEOUTS;
  const migrationClient = new pg.Client({
    connectionString,
    connectionTimeoutMillis: timeouts.connectMs,
  });
  await migrationClient.connect();
  try {
    await migrationClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg({ client: migrationClient }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } finally {
    await migrationClient.end();
  }
  const pool = new pg.Pool({
    connectionString,
    max: options.poolMax ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    // A connection to a server that vanished without a reset is found dead by its own probes.
    keepAlive: true,
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it and the next query reconnects.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzleNodePg({ client: pool, schema });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}
