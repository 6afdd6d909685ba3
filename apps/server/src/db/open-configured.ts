import type { Config } from '../env';
import type { Logger } from '../lib/logger';
import { type Database, openPglite, openPostgres } from './client';

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else embedded. */
export function openConfiguredDatabase(config: Config, logger?: Logger): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, {
        poolMax: config.DATABASE_POOL_MAX,
        onPoolError: (error) => logger?.warn({ err: error }, 'idle database connection lost'),
      })
    : openPglite(config.DATA_DIR, {
        onTightened: ({ folders, files }) =>
          logger?.warn(
            { dataDir: config.DATA_DIR, folders: folders.length, files: files.length },
            'DATA_DIR was open to other users of this machine: made readable by its owner only',
          ),
      });
}
