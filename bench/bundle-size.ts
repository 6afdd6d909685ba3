// JavaScript shipped to load the home page, gzipped: loads / of the built app in Chromium,
// collects every script the page fetched, and gzips each file from apps/web/dist.
// Usage: npm run build && npm run bench:bundle   Writes bench/results/bundle-size.json.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/find-chromium';
import { ROOT, startServer } from './lib';

const DIST = path.join(ROOT, 'apps/web/dist');
const BUDGET_KB = 150;

const gzipKb = (urlPath: string) =>
  +(gzipSync(readFileSync(path.join(DIST, urlPath))).length / 1024).toFixed(1);

const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-bundle-'));
const { baseUrl, stop } = await startServer(dataDir);
try {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
  });
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
  await browser.close();

  const loaded = [...scripts].map((file) => ({ file, gzipKb: gzipKb(file) }));
  const lazy = readdirSync(path.join(DIST, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `/assets/${f}`)
    .filter((file) => !scripts.has(file))
    .map((file) => ({ file, gzipKb: gzipKb(file) }));
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
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
