import type { Config } from '../env';
import { type Database, openPglite, openPostgres } from './client';

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else embedded. */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, { poolMax: config.DATABASE_POOL_MAX })
    : openPglite(config.DATA_DIR);
}
