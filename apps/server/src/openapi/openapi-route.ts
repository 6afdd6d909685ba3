import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { buildOpenApiDocument } from './build-openapi-document';

/** The document is the same for everyone until the next release: built once, then cached. */
let served: { json: string; etag: string } | undefined;

function getServedDocument() {
  if (!served) {
    const json = JSON.stringify(buildOpenApiDocument());
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 22);
    served = { json, etag: `"${hash}"` };
  }
  return served;
}

/**
 * GET /api/openapi.json: public, and unlike every other API answer cacheable (it holds no
 * user data); an unchanged document is a 304 for a client that sends its ETag back.
 */
export const openApiRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { json, etag } = getServedDocument();
  c.header('Cache-Control', 'public, max-age=300');
  c.header('ETag', etag);
  if (c.req.header('if-none-match') === etag) return c.body(null, 304);
  return c.body(json, 200, { 'Content-Type': 'application/json; charset=utf-8' });
});
