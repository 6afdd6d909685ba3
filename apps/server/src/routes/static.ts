import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Handler } from 'hono';
import type { AppEnv } from '../app-env';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

async function readIfFile(filePath: string): Promise<Buffer | null> {
  try {
    return (await stat(filePath)).isFile() ? await readFile(filePath) : null;
  } catch {
    return null;
  }
}

/**
 * Serves the built SPA. Hashed files under /assets are cached for a year; everything else,
 * index.html included, is revalidated. Paths without a file extension get index.html so the
 * client router can handle them (unknown paths redirect to / there).
 */
export function serveWebApp(webDistDir: string): Handler<AppEnv> {
  const root = path.resolve(webDistDir);
  const indexPath = path.join(root, 'index.html');
  return async (c) => {
    if (!existsSync(indexPath)) {
      return c.text('The web app has not been built yet: run `npm run build`.', 503);
    }
    let requested: string;
    try {
      requested = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return c.text('Bad request', 400);
    }
    const filePath = path.resolve(root, `.${requested}`);
    const isInsideRoot = filePath.startsWith(root + path.sep);
    const file = isInsideRoot ? await readIfFile(filePath) : null;
    if (file) {
      const isHashedAsset = requested.startsWith('/assets/');
      c.header('Content-Type', CONTENT_TYPES[path.extname(filePath)] ?? 'application/octet-stream');
      c.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      return c.body(new Uint8Array(file));
    }
    if (path.extname(requested)) return c.text('Not found', 404);
    c.header('Content-Type', CONTENT_TYPES['.html']);
    c.header('Cache-Control', 'no-cache');
    return c.body(new Uint8Array(await readFile(indexPath)));
  };
}
