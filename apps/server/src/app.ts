import type { Text } from '@cogni/domain';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppDeps, AppEnv, AppInput } from './app-env';
import { AppError } from './lib/app-error';
import { limitBodySize } from './lib/body-limit';
import { createPasswordHasher } from './lib/password';
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
import { participationRoutes } from './routes/participation';
import { progressRoutes } from './routes/progress';
import { resultRoutes } from './routes/results';
import { sessionRoutes } from './routes/session';
import { setupRoutes } from './routes/setup';
import { serveWebApp } from './routes/static';
import { studyRoutes } from './routes/studies';
import { createErrorLogLimits } from './services/error-logs/entry-limits';

const NO_SUCH_ENDPOINT: Text = /*i18n*/ {
  id: 'errors.noSuchEndpoint',
  message: 'No such API endpoint',
};

/**
 * The app's dependencies, with what the configuration sets built where not given: the password
 * hasher (SCRYPT_LOG2_N, HASHING_PRIORITY, HASHING_BUSY_NICE) and the error-log limits
 * (RATE_LIMIT_VISITOR_LOGS_PER_IP, RATE_LIMIT_VISITOR_LOGS_TOTAL). Each call builds its own, so
 * two apps in one process keep their own settings and counts.
 */
export function createAppDeps(input: AppInput): AppDeps {
  const { config } = input;
  return {
    ...input,
    passwords:
      input.passwords ??
      createPasswordHasher({
        costLog2N: config.SCRYPT_LOG2_N,
        priority: config.HASHING_PRIORITY,
        busyNice: config.HASHING_BUSY_NICE,
      }),
    errorLogLimits:
      input.errorLogLimits ??
      createErrorLogLimits({
        perSubject: config.RATE_LIMIT_VISITOR_LOGS_PER_IP,
        total: config.RATE_LIMIT_VISITOR_LOGS_TOTAL,
      }),
  };
}

/** Puts the app's dependencies on each request's context, for what runs after it. */
export function provideDeps(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('deps', deps);
    await next();
  };
}

/**
 * The whole HTTP application. Middleware order matters: headers wrap everything; the API guard
 * (origin, content type) runs before the session is read, so a forged request never touches
 * the database.
 */
export function createApp(input: AppInput) {
  const app = new Hono<AppEnv>();
  const deps = createAppDeps(input);
  app.use(provideDeps(deps));
  app.use(securityHeaders);
  app.use(compress());
  app.use('/api/*', limitBodySize);
  // Public and cacheable, so ahead of the guard, which marks every other API answer no-store.
  app.route('/api/openapi.json', openApiRoutes);
  app.use('/api/*', apiGuard);
  // A study's participant is not a user: their API reads no session (ADR 040), so a signed-in
  // researcher previewing a study is served exactly as their participants are.
  app.use('/api/participation/*', async (c, next) => {
    c.set('session', null);
    await next();
  });
  app.use('/api/*', async (c, next) =>
    c.req.path.startsWith('/api/participation/') ? next() : loadSession(c, next),
  );
  app.use('/api/*', async (c, next) =>
    c.req.path.startsWith('/api/participation/') ? next() : requireOwnPassword(c, next),
  );

  app.route('/api/health', healthRoutes);
  app.route('/api/session', sessionRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/setup', setupRoutes);
  app.route('/api/me', meRoutes);
  app.route('/api/admin', adminRoutes);
  app.route('/api/error-logs', errorLogRoutes);
  app.route('/api/results', resultRoutes);
  app.route('/api/progress', progressRoutes);
  app.route('/api/studies', studyRoutes);
  app.route('/api/participation', participationRoutes);
  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', NO_SUCH_ENDPOINT);
  });

  if (deps.webDistDir) app.get('*', serveWebApp(deps.webDistDir));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
