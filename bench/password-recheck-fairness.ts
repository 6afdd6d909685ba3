// Other people's logins while signed-in users flood current-password checks (wrong passwords
// to POST /api/me/password, every loop sending its next guess as soon as the last is answered),
// against a real server process hashing at full cost, on a new embedded database.
// Usage: npx tsx bench/password-recheck-fairness.ts [--server-dir DIR] [--flood-ms N]
//   --server-dir: the checkout whose server to run (default: this one), e.g. an older commit's.
// Prints a Markdown table of the others' login p50/p99, quiet and during each flood.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { measureRecheckFlood } from '../apps/server/src/testing/recheck-flood';
import {
  getFreePort,
  spawnServer,
  waitForListening,
} from '../apps/server/src/testing/spawn-server';
import { percentile, ROOT } from './lib';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

const serverDir = path.resolve(option('--server-dir') ?? ROOT);
const floodMs = Number(option('--flood-ms') ?? 15_000);
const scenarios = [
  { floodUsers: 1, loopsPerUser: 20 },
  { floodUsers: 1, loopsPerUser: 80 },
  { floodUsers: 8, loopsPerUser: 10 },
];

const ms = (value: number) => `${Math.round(value)} ms`;
const statuses = (counts: Record<number, number>) =>
  Object.entries(counts)
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ');

console.log(
  `# Password re-check flood: other users' logins\n\n${new Date().toISOString()}, node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? ''}), server from ${serverDir === ROOT ? 'this checkout' : `another checkout (--server-dir ${path.basename(serverDir)})`}, PGlite, full-cost scrypt. Each flood lasts ${floodMs / 1000} s; two other users log in one after another throughout.\n`,
);
console.log(
  "| flood | other logins quiet p50 / p99 | during the flood p50 / p99 (n) | the others' answers | the flood's answers |",
);
console.log('|---|---|---|---|---|');
for (const scenario of scenarios) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-recheck-bench-'));
  const port = await getFreePort();
  const server = spawnServer(
    { PORT: String(port), DATA_DIR: dataDir },
    path.join(serverDir, 'apps/server/src/main.ts'),
  );
  try {
    await waitForListening(server);
    const result = await measureRecheckFlood({
      baseUrl: `http://localhost:${port}`,
      quietLogins: 10,
      floodMs,
      tag: 'bench',
      ...scenario,
    });
    console.log(
      `| ${scenario.floodUsers} user${scenario.floodUsers === 1 ? '' : 's'} × ${scenario.loopsPerUser} loops | ${ms(percentile(result.quiet, 0.5))} / ${ms(percentile(result.quiet, 0.99))} | ${ms(percentile(result.flood, 0.5))} / ${ms(percentile(result.flood, 0.99))} (${result.flood.length}) | ${statuses(result.floodLoginStatuses)} | ${statuses(result.checkStatuses)} |`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
