import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { AppDeps, AppEnv } from './app-env';
import { AppError } from './lib/app-error';
import { limitBodySize } from './lib/body-limit';
import { setHashingBusyNice, setHashingPriority, setPasswordHashCost } from './lib/password';
import { apiGuard } from './middleware/api-guard';
import { handleError } from './middleware/error-handler';
import { securityHeaders } from './middleware/security-headers';
import { loadSession, requireOwnPassword } from './middleware/session';
import { openApiRoutes } from './openapi/openapi-route';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { errorLogRoutes } from './routes/error-logs';
import { healthRoutes } from './routes/health';
import { meRoutes } from './routes/me';
import { progressRoutes } from './routes/progress';
import { resultRoutes } from './routes/results';
import { sessionRoutes } from './routes/session';
import { setupRoutes } from './routes/setup';
import { serveWebApp } from './routes/static';
import { setErrorLogLimits } from './services/error-logs/entry-limits';

export type AppOptions = {
  /**
   * Mounts routes ahead of every middleware. Only the load benchmark's own entry point uses it
   * (its bare-insert ceiling must cost what an insert costs); the production entry never does.
   */
  mountFirst?: (app: Hono<AppEnv>) => void;
};

/**
 * The whole HTTP application. Middleware order matters: headers wrap everything; the API guard
 * (origin, content type) runs before the session is read, so a forged request never touches
 * the database.
 */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  setHashingPriority(deps.config.HASHING_PRIORITY);
  setHashingBusyNice(deps.config.HASHING_BUSY_NICE);
  setPasswordHashCost(deps.config.SCRYPT_LOG2_N);
  setErrorLogLimits(deps.db, {
    perSubject: deps.config.RATE_LIMIT_VISITOR_LOGS_PER_IP,
    total: deps.config.RATE_LIMIT_VISITOR_LOGS_TOTAL,
  });
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  options.mountFirst?.(app);
  app.use(securityHeaders);
  app.use(compress());
  app.use('/api/*', limitBodySize);
  // Public and cacheable, so ahead of the guard, which marks every other API answer no-store.
  app.route('/api/openapi.json', openApiRoutes);
  app.use('/api/*', apiGuard);
  app.use('/api/*', loadSession);
  app.use('/api/*', requireOwnPassword);

  app.route('/api/health', healthRoutes);
  app.route('/api/session', sessionRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/setup', setupRoutes);
  app.route('/api/me', meRoutes);
  app.route('/api/admin', adminRoutes);
  app.route('/api/error-logs', errorLogRoutes);
  app.route('/api/results', resultRoutes);
  app.route('/api/progress', progressRoutes);
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'No such API endpoint');
  });

  if (deps.webDistDir) app.get('*', serveWebApp(deps.webDistDir));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
