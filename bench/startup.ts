// Measures (1) a fresh clone to a served page: clone, `npm ci`, build, first start; and
// (2) server start on a new embedded database and on an existing one.
// Usage: npm run bench:startup [-- --skip-clone]   Writes bench/results/startup.json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, run, startServer } from './lib';

const skipClone = process.argv.includes('--skip-clone');

async function timeStart(dataDir: string, cwd = ROOT): Promise<number> {
  const { startMs, stop } = await startServer(dataDir, cwd);
  await stop();
  return Math.round(startMs);
}

const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cores: cpus().length,
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
    const firstStartMs = await timeStart(path.join(dir, 'data'), dir);
    results.freshClone = {
      cloneMs: Math.round(t1 - t0),
      npmCiMs: Math.round(t2 - t1),
      buildMs: Math.round(t3 - t2),
      firstStartMs,
      totalMs: Math.round(t3 - t0 + firstStartMs),
      note: "npm ci with the machine's npm cache (packages already downloaded once)",
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-start-'));
try {
  results.newDatabaseStartMs = await timeStart(dataDir);
  results.existingDatabaseStartMs = await timeStart(dataDir);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

writeFileSync(
  path.join(ROOT, 'bench/results/startup.json'),
  `${JSON.stringify(results, null, 2)}\n`,
);
console.log(JSON.stringify(results, null, 2));
