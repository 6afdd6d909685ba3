import type { Text } from '@cogni/domain';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { getExpectedOrigin } from './request-origin';

const TEXTS = {
  crossSite: /*i18n*/ {
    id: 'errors.crossSiteRequest',
    message: 'Request refused: it did not come from this site',
  },
  jsonRequired: /*i18n*/ {
    id: 'errors.jsonRequired',
    message: 'Content-Type must be application/json',
  },
} satisfies Record<string, Text>;

function isJsonContentType(contentType: string): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * API responses are never cached (ASVS 14.3.2). A state-changing request must come from our own
 * origin and carry JSON, so no other site's form or script can make one (ASVS 3.5.1-3.5.3).
 */
export const apiGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('origin');
    if (!origin || origin !== getExpectedOrigin(c)) {
      throw new AppError('FORBIDDEN', TEXTS.crossSite);
    }
    const contentType = c.req.header('content-type');
    if (contentType !== undefined && !isJsonContentType(contentType)) {
      throw new AppError('BAD_REQUEST', TEXTS.jsonRequired);
    }
  }
  // Before the handler, so c.json() and c.body() build the response with it. Set on the
  // finished response instead, it is lost over a real socket: compress() then copies the
  // response (c.header('Vary')), and the Node adapter's copy reads the headers the response was
  // made with. A handler that builds its own Response gets it afterwards.
  c.header('Cache-Control', 'no-store');
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};
