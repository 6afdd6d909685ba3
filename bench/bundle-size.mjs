// JavaScript shipped to load the home page, gzipped: loads / of the built app in Chromium,
// collects every script the page fetched, and gzips each file from apps/web/dist.
// Usage: npm run build && node bench/bundle-size.mjs   Writes bench/results/bundle-size.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort, waitForOk } from './lib.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const BUDGET_KB = 150;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const gzipKb = (file) => gzipSync(readFileSync(file)).length / 1024;

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-bundle-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  },
  stdio: 'ignore',
});
try {
  await waitForOk(`http://localhost:${port}/api/health`);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
  });
  await page.goto(`http://localhost:${port}/`, { waitUntil: 'networkidle' });
  await browser.close();

  const loaded = [...scripts].map((p) => ({
    file: p,
    gzipKb: +gzipKb(path.join(DIST, p)).toFixed(1),
  }));
  const all = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  const lazy = all
    .map((f) => `/assets/${f}`)
    .filter((p) => !scripts.has(p))
    .map((p) => ({ file: p, gzipKb: +gzipKb(path.join(DIST, p)).toFixed(1) }));
  const totalKb = +loaded.reduce((sum, s) => sum + s.gzipKb, 0).toFixed(1);
  const result = {
    date: new Date().toISOString(),
    homePageJsGzipKb: totalKb,
    budgetKb: BUDGET_KB,
    withinBudget: totalKb < BUDGET_KB,
    loadedByHomePage: loaded,
    loadedLazily: lazy,
  };
  writeFileSync(
    path.join(ROOT, 'bench/results/bundle-size.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
  if (!result.withinBudget) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
