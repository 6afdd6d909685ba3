import type { Db } from '../db/client';
import type { PasswordHasher } from '../lib/password';

/** What every service receives: the database and the clock. Never the HTTP context. */
export type ServiceContext = {
  db: Db;
  now: () => Date;
};

/** What services that hash or check passwords receive: the app's hasher besides (AppDeps). */
export type PasswordContext = ServiceContext & { passwords: PasswordHasher };
