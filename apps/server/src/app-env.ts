import type { Config } from './env';
import type { Logger } from './lib/logger';
import type { SessionUser } from './services/auth/get-session-user';
import type { ServiceContext } from './services/context';

export type AppDeps = ServiceContext & {
  config: Config;
  logger: Logger;
  /** Folder of the built web app; absent means the API only. */
  webDistDir?: string | undefined;
};

/** Hono's typed context: what middleware puts on each request. */
export type AppEnv = {
  Variables: {
    deps: AppDeps;
    session: SessionUser | null;
  };
};
