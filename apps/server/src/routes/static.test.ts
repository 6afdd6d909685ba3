import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openMemoryPglite } from '../db/client';
import { parseConfig } from '../env';
import { createLogger } from '../lib/logger';

describe('web app serving and headers', () => {
  let app: ReturnType<typeof createApp>;
  let close: () => Promise<void>;
  let dist: string;
  let outside: string;
  beforeAll(async () => {
    // dist sits inside a folder of ours that also holds a secret, one level up.
    outside = mkdtempSync(path.join(tmpdir(), 'cogni-static-'));
    writeFileSync(path.join(outside, 'secret.txt'), 'secret');
    dist = path.join(outside, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Cogni</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    const database = await openMemoryPglite();
    close = database.close;
    app = createApp({
      db: database.db,
      now: () => new Date(),
      config: parseConfig({}),
      logger: createLogger('silent'),
      webDistDir: dist,
    });
  });
  afterAll(async () => {
    await close();
    rmSync(outside, { recursive: true });
  });

  it('serves every page cross-origin isolated, with the security headers', async () => {
    for (const url of ['/', '/api/session', '/assets/index-abc123.js']) {
      const res = await app.request(url);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "script-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      // Browsers heed HSTS only over HTTPS, so it is safe to send on every response.
      expect(res.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('marks every API response no-store, errors included', async () => {
    for (const url of ['/api/session', '/api/me', '/api/nope']) {
      expect((await app.request(url)).headers.get('cache-control')).toBe('no-store');
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: 'No such API endpoint',
        messageId: 'errors.noSuchEndpoint',
      },
    });
  });

  it('serves index.html for client routes, so the SPA can route them', async () => {
    for (const url of ['/', '/profile', '/admin', '/no/such/page']) {
      const res = await app.request(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<title>Cogni</title>');
    }
  });

  it('caches hashed assets for a year and revalidates the page', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect((await app.request('/')).headers.get('cache-control')).toBe('no-cache');
    expect((await app.request('/assets/missing.js')).status).toBe(404);
  });

  it('never serves a file outside the web app folder', async () => {
    // The URL parser already folds /../ and %2e%2e; encoded slashes reach our own check.
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
    ]) {
      const res = await app.request(url);
      expect(await res.text()).not.toBe('secret');
    }
    expect((await app.request('/..%2fsecret.txt')).status).toBe(404);
  });

  it('answers a malformed URL with 400 and logs nothing', async () => {
    const res = await app.request('/%E0%A4%A');
    expect(res.status).toBe(400);
  });
});
