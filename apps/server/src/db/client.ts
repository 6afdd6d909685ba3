import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
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
import { createPrivateDataDir, makeDataDirPrivate, type Tightened } from './private-data-dir';
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
 * Only one process may use a data dir at a time: PGlite has no cross-process locking. The folder
 * and its files are made readable by their owner only (db/private-data-dir.ts), at open (once
 * its lock is held) and again at close; `onTightened` hears of folders others could enter.
 */
export async function openPglite(
  dataDir: string,
  options: { onTightened?: (tightened: Tightened) => void } = {},
): Promise<Database> {
  createPrivateDataDir(dataDir);
  const releaseLock = acquireDataDirLock(dataDir);
  try {
    const tightened = makeDataDirPrivate(dataDir);
    // Files alone (PGlite's, left open after a crash) sat in folders nobody else could enter.
    if (tightened.folders.length > 0) options.onTightened?.(tightened);
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        // The files PGlite made while open (0666, in private folders) become private too.
        makeDataDirPrivate(dataDir);
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * Where the migrated, empty in-memory database of these migrations is kept for the next test
 * file: named by a hash of the migration files and the PGlite and Drizzle packages, so a change
 * to any of them makes a new one.
 */
function memoryTemplatePath(): string {
  const require = createRequire(import.meta.url);
  const hash = createHash('sha256');
  // Their package.json files, found from their entry points (their exports do not list them).
  for (const [name, up] of [
    ['@electric-sql/pglite', '..'],
    ['drizzle-orm', '.'],
  ] as const) {
    hash.update(readFileSync(path.join(path.dirname(require.resolve(name)), up, 'package.json')));
  }
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return path.join(tmpdir(), `cogni-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * Opens an in-memory PGlite with the migrations applied (tests). PGlite's initdb takes seconds
 * of a core, and the suite opens dozens: the first open keeps a copy of the fresh database in the
 * temp folder, and later ones (any test worker) start from that copy, several times faster.
 * Migrating after loading is then a check that finds nothing to do.
 */
export async function openMemoryPglite(): Promise<Database> {
  const templatePath = memoryTemplatePath();
  let template = existsSync(templatePath) ? new Blob([readFileSync(templatePath)]) : undefined;
  let client: PGlite;
  try {
    client = await PGlite.create(template ? { loadDataDir: template } : {});
  } catch (error) {
    if (!template) throw error;
    // A copy that does not load (damaged) is made again from scratch.
    rmSync(templatePath, { force: true });
    template = undefined;
    client = await PGlite.create();
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  if (!template) {
    const dump = await client.dumpDataDir('none');
    // Written whole under another name first: a worker reading at the same time sees all or nothing.
    const partial = `${templatePath}.${process.pid}.${randomUUID()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templatePath);
  }
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * How long the server waits on PostgreSQL before a request is told to try again (a 503), so
 * that a database that stops answering costs each request seconds, not forever. Statements end
 * before a batch gives up (lib/batch.ts, 30 s), so a batch's connection is dropped, not left
 * hanging after its requests were answered.
 */
export const POSTGRES_TIMEOUTS = {
  /**
   * Connecting, or waiting for one of the pool's connections. Connecting on one machine takes
   * milliseconds, and a request that waited this long for a free connection is better told to
   * try again than kept waiting by an overloaded server.
   */
  connectMs: 10_000,
  /** One statement, ended by PostgreSQL itself (57014, a 503). */
  statementMs: 20_000,
  /**
   * One statement's answer, given up by the server when PostgreSQL has not ended it itself: the
   * connection is dead or cut off (a network partition sends no reset). Its socket is closed
   * (releaseFailedConnections), so the pool never hands it out again.
   */
  queryMs: 25_000,
} as const;

export type PostgresTimeouts = { [K in keyof typeof POSTGRES_TIMEOUTS]: number };

const READ_TIMEOUT = 'Query read timeout';

/** The statement a Drizzle transaction opens with: `begin`, perhaps with its settings. */
const BEGIN = /^\s*begin\b/i;

function queryText(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  const text = (first as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/**
 * Two ways a pooled connection that failed would stay out of service, closed here:
 *
 * - node-postgres answers a statement that outlived `query_timeout` with an error but keeps the
 *   connection, still waiting for that answer, and every later statement on it queues behind
 *   it. A pool query hands the error back to the pool, which drops the connection; a Drizzle
 *   transaction releases it without the error, so the pool would hand out a dead connection.
 *   Its socket is closed at the timeout instead: every later statement on it fails at once, and
 *   the pool drops it when it comes back.
 * - A Drizzle transaction whose `begin` fails (no answer, or the server went away) throws
 *   without releasing its connection at all, so the pool counts it as in use for good: ten such
 *   failures and every request would wait for a connection that never comes. The connection is
 *   released here, with the error, so the pool closes it and makes a new one when needed.
 */
function releaseFailedConnections(client: pg.PoolClient) {
  const drop = (error: unknown) => {
    if (error instanceof Error && error.message === READ_TIMEOUT) {
      (
        client as unknown as { connection?: { stream?: { destroy: () => void } } }
      ).connection?.stream?.destroy();
    }
  };
  const query = client.query;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      // The callback form is the pool's own query, which releases the connection itself.
      args[last] = (error: unknown, result: unknown) => {
        drop(error);
        callback(error, result);
      };
    }
    const answer = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (answer instanceof Promise) {
      const isBegin = BEGIN.test(queryText(args));
      answer.catch((error: unknown) => {
        drop(error);
        if (isBegin) client.release(error instanceof Error ? error : true);
      });
    }
    return answer;
  } as typeof client.query;
}

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
    // A connection to a server that vanished without a reset is found dead by its own probes
    // (the first after 10 s idle; the operating system's default waits two hours).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client losing its connection (database restart) must not crash the process;
  // the pool replaces it and the next query reconnects.
  pool.on('error', (error) => options.onPoolError?.(error));
  pool.on('connect', (client) => {
    // Nor may one in use (the pool listens only to idle ones): its query fails instead.
    client.on('error', (error) => options.onPoolError?.(error));
    releaseFailedConnections(client);
  });
  const db = drizzleNodePg({ client: pool, schema });
  return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
}
