// Fresh databases for migration tests: one session each (the migrator and the test's statements
// share it), on PGlite or on a new PostgreSQL database that is dropped on close, and migrations
// folders cut after a given migration.

import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../db/client';
import type { TestDatabaseKind } from './test-database';

type Row = Record<string, unknown>;

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);
/** One session on a fresh database: the migrator and every statement of the test share it. */
export type Connection = {
  query: <T extends Row = Row>(text: string, params?: unknown[]) => Promise<T[]>;
  migrate: (migrationsFolder: string) => Promise<void>;
  /** Drizzle on the same session, for the server's own services. */
  db: Db;
  close: () => Promise<void>;
};

async function openFreshPglite(): Promise<Connection> {
  const client = new PGlite();
  const db = drizzlePglite({ client });
  return {
    query: async <T extends Row>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    db: db as unknown as Db,
    close: () => client.close(),
  };
}

async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database, named as createTestDatabase names them, and dropped on
 * close. Not createTestDatabase itself: that one applies every migration.
 */
async function openFreshPostgres(): Promise<Connection> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cogni_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const drop = () => onServer(serverUrl, `drop database if exists "${name}" with (force)`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
  } catch (error) {
    await drop();
    throw error;
  }
  const db = drizzleNodePg({ client });
  return {
    query: async <T extends Row>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
    migrate: (migrationsFolder) => migrateNodePg(db, { migrationsFolder }),
    db: db as unknown as Db,
    close: async () => {
      await client.end();
      await drop();
    },
  };
}

export const openFresh = (kind: TestDatabaseKind): Promise<Connection> =>
  kind === 'pglite' ? openFreshPglite() : openFreshPostgres();

/**
 * A migrations folder cut after migration `lastIdx`: its SQL and a journal ending there, so a
 * test can build the schema before a migration and then apply that one on its own.
 */
export function writeMigrationsFolderThrough(lastIdx: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'cogni-migrations-'));
  const journal = JSON.parse(
    readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { idx: number; tag: string }[] };
  const entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  if (entries.some((entry, idx) => entry.idx !== idx) || entries.length !== lastIdx + 1) {
    throw new Error(`the journal does not hold migrations 0 to ${lastIdx} in order`);
  }
  mkdirSync(path.join(folder, 'meta'));
  writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) {
    copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  }
  return folder;
}
