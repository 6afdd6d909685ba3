import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { openConfiguredDatabase } from './db/open-configured';
import { ConfigError, parseConfig } from './env';
import { createLogger } from './lib/logger';

/** In-flight requests get this long to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

async function main(): Promise<void> {
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
  const database = await openConfiguredDatabase(config, logger).catch((error: unknown) => {
    const where = config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR (${config.DATA_DIR})`;
    console.error(`Could not open the database named by ${where}: ${(error as Error).message}`);
    process.exit(1);
  });
  const webDistDir = config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST;
  if (!existsSync(path.join(webDistDir, 'index.html'))) {
    logger.warn({ webDistDir }, 'web app not built: run `npm run build`; serving the API only');
  }
  const app = createApp({ db: database.db, now: () => new Date(), config, logger, webDistDir });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(
      {
        port: info.port,
        database: database.kind,
        dataDir: database.kind === 'pglite' ? config.DATA_DIR : undefined,
        startupMs: Math.round(performance.now() - startedAt),
      },
      `Cogni listening on http://localhost:${info.port}`,
    );
  });
  server.on('error', (error) => {
    const address = config.HOST
      ? `HOST ${config.HOST}, PORT ${config.PORT}`
      : `PORT ${config.PORT}`;
    console.error(`Could not listen on ${address}: ${error.message}`);
    void database.close().finally(() => process.exit(1));
  });

  let isShuttingDown = false;
  const shutdown = (signal: string) => {
    if (isShuttingDown) return;
    isShuttingDown = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    // close() stops accepting connections and waits for in-flight requests; idle keep-alive
    // connections would hold it open, so they are closed now and busy ones when they finish.
    server.close(async () => {
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
