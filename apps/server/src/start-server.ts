import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp, createAppDeps } from './app';
import type { AppDeps, AppEnv } from './app-env';
import { DataDirInUseError } from './db/data-dir-lock';
import { openConfiguredDatabase } from './db/open-configured';
import { ConfigError, parseConfig } from './env';
import { createHttpDrain } from './lib/http-drain';
import { createLogger } from './lib/logger';
import { startMaintenance } from './services/maintenance/run-maintenance';
import { openFirstAdminSetup } from './services/setup/first-admin-setup';
import { listenForLocalAdmin } from './services/setup/local-admin-channel';

/** In-flight requests get this long to finish after SIGTERM before they are cut off. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * Connections waiting to be accepted before the kernel drops new ones (capped by
 * net.core.somaxconn, 4,096 on current kernels). Deeper than Node's default of 511, so that a
 * busy server's clients reconnecting together are queued rather than dropped: a dropped SYN is
 * sent again only after 1, 3, 7, 15 s..., which holds saves back long after an overload (ADR 020).
 */
const LISTEN_BACKLOG = 4096;
/**
 * An idle keep-alive connection stays open this long (Node's default: 5 s). Longer than the
 * 60 s idle timeout of common load balancers, so the server never closes a connection one of
 * them is about to reuse; and a participant saving a trial every few seconds keeps its
 * connection instead of opening a new one whenever it pauses.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** At most one warning this often while requests are shed. */
const SHED_WARNING_INTERVAL_MS = 10_000;
/** Closing the database gets this long after the drain; a stuck close must not hang the exit. */
const CLOSE_TIMEOUT_MS = 5_000;

const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

export type ServerOptions = {
  /**
   * The app the server serves, from the dependencies it built: createApp's unless given. Only the
   * load benchmark's own entry (bench/load/bench-server.ts) gives one, which serves its own
   * routes ahead of createApp's app.
   */
  buildApp?: (deps: AppDeps) => Hono<AppEnv>;
};

/**
 * Starts the server as configured by the environment: opens the database, serves the app, and
 * drains and closes on SIGTERM or SIGINT. Exits the process with a clear message when the
 * configuration, the database or the port is unusable. `main.ts` calls it with no options.
 */
export async function startServer({ buildApp = createApp }: ServerOptions = {}): Promise<void> {
  const startedAt = performance.now();
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  if (config.SCRYPT_LOG2_N < 17) {
    logger.warn(
      { SCRYPT_LOG2_N: config.SCRYPT_LOG2_N },
      'new password hashes are cheaper than ASVS asks (SCRYPT_LOG2_N below 17): for test suites only',
    );
  }
  const database = await openConfiguredDatabase(config, logger).catch((error: unknown) => {
    // The lock's own message says what to do; any prefix would only repeat DATA_DIR.
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      process.exit(1);
    }
    const where = config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR (${config.DATA_DIR})`;
    console.error(`Could not open the database named by ${where}: ${(error as Error).message}`);
    process.exit(1);
  });
  const webDistDir = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    logger.warn({ webDistDir }, 'web app not built: run `npm run build`; serving the API only');
  }
  const deps = createAppDeps({
    db: database.db,
    now: () => new Date(),
    config,
    logger,
    webDistDir,
  });
  const app = buildApp(deps);

  let lastShedWarning = Number.NEGATIVE_INFINITY;
  let shedSinceWarning = 0;
  const drain = createHttpDrain({
    maxInFlight: config.MAX_REQUESTS_IN_FLIGHT,
    // One line every 10 s at most: an overloaded server must not also flood its log.
    onShed: (inFlight) => {
      shedSinceWarning += 1;
      const now = performance.now();
      if (now - lastShedWarning < SHED_WARNING_INTERVAL_MS) return;
      logger.warn(
        { inFlight, shed: shedSinceWarning, maxInFlight: config.MAX_REQUESTS_IN_FLIGHT },
        'overloaded: answering 503 to requests beyond MAX_REQUESTS_IN_FLIGHT',
      );
      lastShedWarning = now;
      shedSinceWarning = 0;
    },
  });
  // A plain http.Server: the adaptor makes HTTP/2 only when told to, which we never do.
  const server = createAdaptorServer({
    fetch: drain.guard(app.fetch),
    hostname: config.HOST,
  }) as Server;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // The app's own dependencies: an admin made through the local channel gets its hash cost.
  const localAdmin =
    database.kind === 'pglite' ? await listenForLocalAdmin(deps, config.DATA_DIR) : null;
  server.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG }, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const origin = config.APP_ORIGIN ?? `http://localhost:${port}`;
    logger.info(
      {
        port,
        database: database.kind,
        dataDir: database.kind === 'pglite' ? config.DATA_DIR : undefined,
        startupMs: Math.round(performance.now() - startedAt),
      },
      `Cogni listening on ${origin}`,
    );
    void openFirstAdminSetup(deps).then((token) => {
      if (!token) return;
      logger.warn(
        `No admin yet: open ${origin}/setup/${token} to create the first admin (the link works once, until the server restarts; or run npm run create-admin)`,
      );
    });
  });
  drain.track(server);
  const maintenance = startMaintenance({ db: database.db, now: () => new Date(), config, logger });
  server.on('error', (error) => {
    const address = config.HOST
      ? `HOST ${config.HOST}, PORT ${config.PORT}`
      : `PORT ${config.PORT}`;
    console.error(`Could not listen on ${address}: ${error.message}`);
    void database.close().finally(() => process.exit(1));
  });

  const shutdown = async (signal: string) => {
    if (drain.isDraining) return;
    logger.info(
      { signal },
      'shutting down: finishing in-flight requests, answering 503 to new ones',
    );
    const isDrained = await drain.drain(SHUTDOWN_GRACE_MS);
    if (!isDrained) logger.warn('in-flight requests did not finish in time; closing anyway');
    setTimeout(() => {
      logger.error('the database did not close in time; exiting');
      process.exit(1);
    }, CLOSE_TIMEOUT_MS).unref();
    // Nothing is in flight (or the grace period is over): close every connection, keep-alive or
    // not, then the database, so the last commit is on disk before the process ends.
    server.close();
    server.closeAllConnections();
    await maintenance.stop();
    localAdmin?.close();
    await database.close();
    logger.info('stopped');
    process.exit(isDrained ? 0 : 1);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
