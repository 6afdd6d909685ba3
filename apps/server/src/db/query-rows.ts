import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client';

export type Statement = {
  /** Names the statement: PostgreSQL parses and plans it once per connection. */
  name: string;
  text: string;
  values: unknown[];
};

/**
 * Runs one SQL statement on the database behind `db` (the pg pool or the embedded PGlite),
 * without Drizzle building it: for the few statements every trial save runs, where building
 * the query would cost more of the server's CPU than the database spends on it. Not for
 * transactions.
 */
export async function queryRows<Row>(db: Db, statement: Statement): Promise<Row[]> {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query(statement);
    return result.rows as Row[];
  }
  const result = await client.query<Row>(statement.text, statement.values);
  return result.rows;
}
