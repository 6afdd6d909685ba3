import type { Config } from './env';
import type { Logger } from './lib/logger';
import type { SessionUser } from './services/auth/get-session-user';
import type { PasswordContext } from './services/context';
import type { ErrorLogContext } from './services/error-logs/write-error-log';

/**
 * What the app and its routes use, each app its own: the database, the clock, the configuration
 * and what is built from it (createAppDeps in app.ts), so two apps in one process keep their own
 * settings.
 */
export type AppDeps = PasswordContext &
  ErrorLogContext & {
    config: Config;
    logger: Logger;
    /** Folder of the built web app; absent means the API only. */
    webDistDir?: string | undefined;
  };

/**
 * What createApp is given: AppDeps, where the password hasher and the error-log limits may be
 * left out for createApp to build from `config`. A caller that uses them outside the app too
 * (the server's local admin channel, a test) builds them with createAppDeps and passes them.
 */
export type AppInput = Omit<AppDeps, 'passwords' | 'errorLogLimits'> &
  Partial<Pick<AppDeps, 'passwords' | 'errorLogLimits'>>;

/** Hono's typed context: what middleware puts on each request. */
export type AppEnv = {
  Variables: {
    deps: AppDeps;
    session: SessionUser | null;
  };
};
