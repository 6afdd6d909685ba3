import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Db, openPglite } from '../../apps/server/src/db/client';
import {
  createTestDatabase,
  type TestDatabaseKind,
} from '../../apps/server/src/testing/test-database';

/**
 * A database for servers under test, and a way to read it directly afterwards. PostgreSQL is a
 * new database of its own (dropped at dispose); the embedded one a new data folder, which can be
 * opened here only while no server holds it (ADR 004), so `withDb` waits for the caller to stop
 * the server first.
 */
export type FaultDatabase = {
  kind: TestDatabaseKind;
  /** What the server needs to use this database. */
  serverEnv: Record<string, string>;
  /** Runs `check` on a direct connection (embedded: only while no server runs). */
  withDb<T>(check: (db: Db) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
};

export async function createFaultDatabase(kind: TestDatabaseKind): Promise<FaultDatabase> {
  if (kind === 'postgres') {
    const database = await createTestDatabase('postgres');
    return {
      kind,
      serverEnv: { DATABASE_URL: database.url ?? '' },
      withDb: (check) => check(database.db),
      dispose: () => database.close(),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-faults-'));
  return {
    kind,
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: '' },
    async withDb(check) {
      const database = await openPglite(dataDir);
      try {
        return await check(database.db);
      } finally {
        await database.close();
      }
    },
    async dispose() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
