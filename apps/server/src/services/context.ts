import type { Db } from '../db/client';

/** What every service receives: the database and the clock. Never the HTTP context. */
export type ServiceContext = {
  db: Db;
  now: () => Date;
};
