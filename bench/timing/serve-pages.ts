import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { build } from 'vite';
import { securityHeaders } from '../../apps/server/src/middleware/security-headers';

const PAGES = path.join(import.meta.dirname, 'pages');

export type BenchPages = { baseUrl: string; close: () => Promise<void> };

/**
 * Builds the timing page (a Vite build of its own entry, never part of the app bundle)
 * into a temporary folder and serves it with the app server's own security headers, so it is
 * cross-origin isolated as the Stroop page is: that is what gives the 5 µs clock.
 */
export async function serveBenchPages(): Promise<BenchPages> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'cogni-timing-pages-'));
  await build({
    root: PAGES,
    logLevel: 'warn',
    configFile: false,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
    },
  });
  const app = new Hono();
  app.use('*', securityHeaders);
  app.use('*', serveStatic({ root: path.relative(process.cwd(), outDir) }));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
