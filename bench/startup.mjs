// Measures (1) a fresh clone to a served page: clone, `npm ci`, build, first start; and
// (2) server start on a new embedded database and on an existing one.
// Usage: node bench/startup.mjs [--skip-clone]   Writes bench/results/startup.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, run, waitForOk } from './lib.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const skipClone = process.argv.includes('--skip-clone');

async function timeStart(cwd, dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  await waitForOk(`http://localhost:${port}/`);
  const ms = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return ms;
}

const results = {
  date: new Date().toISOString(),
  node: process.version,
  cores: (await import('node:os')).cpus().length,
};

if (!skipClone) {
  const dir = mkdtempSync(path.join(tmpdir(), 'cogni-clone-'));
  try {
    const t0 = performance.now();
    await run('git', ['clone', '--quiet', ROOT, dir]);
    const t1 = performance.now();
    await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir });
    const t2 = performance.now();
    await run('npm', ['run', 'build'], { cwd: dir });
    const t3 = performance.now();
    const firstStartMs = await timeStart(dir, path.join(dir, 'data'));
    results.freshClone = {
      cloneMs: Math.round(t1 - t0),
      npmCiMs: Math.round(t2 - t1),
      buildMs: Math.round(t3 - t2),
      firstStartMs: Math.round(firstStartMs),
      totalMs: Math.round(t3 - t0 + firstStartMs),
      note: "npm ci with the machine's npm cache (packages already downloaded once)",
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-start-'));
try {
  results.newDatabaseStartMs = Math.round(await timeStart(ROOT, dataDir));
  results.existingDatabaseStartMs = Math.round(await timeStart(ROOT, dataDir));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

writeFileSync(
  path.join(ROOT, 'bench/results/startup.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.log(JSON.stringify(results, null, 2));
