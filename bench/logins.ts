// Logins on a busy machine (ADR 033). Two parts, each comparing hashing priorities side by side
// in one run (the server's HASHING_PRIORITY setting):
//
// busy: for each priority a fresh server on a new embedded database, as `npm start` runs it.
//   Logins and sign-ups one after another, first on a quiet machine, then beside two CPU-bound
//   processes at normal priority that this script starts (each in a session of its own, as a
//   program started from another terminal or service is). Latency of each request as the client
//   sees it; p50, p95 and max.
// burst: for each priority the load benchmark's login burst (bench/load.ts --hold N --burst
//   --burst-cost full) on PostgreSQL: N participants saving trials, then 50 full-cost logins at
//   once, three times; trial-save p99 before and during each burst.
//
// Usage: npm run bench:logins [-- --parts=busy,burst] [--priorities=background,adaptive]
//   [--participants=1500] [--rounds=1]
// The burst part needs TEST_DATABASE_URL (a PostgreSQL it may fill and empty).
// Writes bench/results/logins.json and logins.md (latest), and a dated copy of each.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { HASHING_PRIORITIES, type HashingPriority } from '../apps/server/src/lib/password';
import {
  getFreePort,
  spawnServer,
  waitForListening,
} from '../apps/server/src/testing/spawn-server';
import { percentile, ROOT, round1, waitForOk } from './lib';

const { values: args } = parseArgs({
  options: {
    parts: { type: 'string', default: 'busy,burst' },
    priorities: { type: 'string', default: 'background,adaptive' },
    participants: { type: 'string', default: '1500' },
    rounds: { type: 'string', default: '1' },
    logins: { type: 'string', default: '20' },
    'sign-ups': { type: 'string', default: '10' },
  },
});

const parts = new Set(args.parts.split(','));
const priorities = args.priorities.split(',') as HashingPriority[];
for (const priority of priorities) {
  if (!HASHING_PRIORITIES.includes(priority)) {
    throw new Error(`--priorities: ${priority} is not one of ${HASHING_PRIORITIES.join(', ')}`);
  }
}
const rounds = Number(args.rounds);
const LOGINS = Number(args.logins);
const SIGN_UPS = Number(args['sign-ups']);
/** A phase stops taking samples after this long (at least three are taken). */
const PHASE_LIMIT_MS = 100_000;
const PASSWORD = 'a quiet walk by the river';

type Figures = { n: number; p50Ms: number; p95Ms: number; maxMs: number };
const figures = (times: number[]): Figures => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50Ms: round1(percentile(sorted, 0.5)),
    p95Ms: round1(percentile(sorted, 0.95)),
    maxMs: round1(sorted.at(-1) ?? Number.NaN),
  };
};

/** Two CPU-bound processes at the priority of any other program, each in a session of its own. */
function startBusyProcesses(count: number): ChildProcess[] {
  return Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'let x = 0; for (;;) x += 1;'], {
      detached: true,
      stdio: 'ignore',
    }),
  );
}

async function post(baseUrl: string, route: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${route}: ${response.status}`);
  return ms;
}

/** Times `count` requests one after another, stopping early after PHASE_LIMIT_MS. */
async function timeEach(count: number, request: (i: number) => Promise<number>) {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    times.push(await request(i));
    if (times.length >= 3 && performance.now() - started > PHASE_LIMIT_MS) break;
  }
  return figures(times);
}

type BusyResult = {
  priority: HashingPriority;
  quiet: { login: Figures; signUp: Figures };
  besideTwoBusy: { login: Figures; signUp: Figures };
};

async function measureBusy(priority: HashingPriority): Promise<BusyResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cogni-logins-'));
  const port = await getFreePort();
  const server = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    HASHING_PRIORITY: priority,
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000',
    RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_IP: '1000000',
    RATE_LIMIT_LOGIN_PER_IP: '1000000',
    RATE_LIMIT_SIGNUP_PER_IP: '1000000',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  let busy: ChildProcess[] = [];
  try {
    await waitForListening(server);
    await waitForOk(`${baseUrl}/api/health`);
    let accounts = 0;
    const signUp = () =>
      post(baseUrl, '/api/auth/register', {
        email: `person${accounts++}@example.org`,
        password: PASSWORD,
        firstName: 'Bench',
        lastName: 'Person',
      });
    const logIn = () =>
      post(baseUrl, '/api/auth/login', { email: 'person0@example.org', password: PASSWORD });
    // The first request of each kind warms the server and starts the hashing processes.
    await signUp();
    await logIn();
    const quiet = {
      login: await timeEach(LOGINS, logIn),
      signUp: await timeEach(SIGN_UPS, signUp),
    };
    busy = startBusyProcesses(2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const besideTwoBusy = {
      login: await timeEach(LOGINS, logIn),
      signUp: await timeEach(SIGN_UPS, signUp),
    };
    const result = { priority, quiet, besideTwoBusy };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    for (const process of busy) process.kill('SIGKILL');
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type BurstResult = { priority: HashingPriority; round: number; lines: string[] };

/** The load benchmark's login burst at `participants` with HASHING_PRIORITY=priority. */
function measureBurst(priority: HashingPriority, round: number): Promise<BurstResult> {
  const participants = args.participants;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/load.ts',
        '--db',
        'postgres',
        '--hold',
        participants,
        '--windows',
        '2',
        '--burst',
        '--burst-cost',
        'full',
        '--bursts',
        '3',
      ],
      {
        cwd: ROOT,
        env: { ...process.env, HASHING_PRIORITY: priority },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`bench/load.ts exited with ${code}`));
      else {
        const lines = output
          .split('\n')
          .filter((line) => line.includes(`postgres ${participants}`));
        resolve({ priority, round, lines });
      }
    });
  });
}

const date = new Date().toISOString();
const machine = `${cpus()[0]?.model.trim()}, ${cpus().length} cores, Node ${process.version}`;
const busyResults: BusyResult[] = [];
const burstResults: BurstResult[] = [];
for (let round = 1; round <= rounds; round++) {
  for (const priority of priorities) {
    if (parts.has('busy')) busyResults.push(await measureBusy(priority));
  }
}
for (let round = 1; round <= rounds; round++) {
  for (const priority of priorities) {
    if (parts.has('burst')) burstResults.push(await measureBurst(priority, round));
  }
}

const row = (r: BusyResult) =>
  `| ${r.priority} | ${r.quiet.login.p50Ms} / ${r.quiet.login.p95Ms} | ${r.quiet.signUp.p50Ms} / ${r.quiet.signUp.p95Ms} | ` +
  `${r.besideTwoBusy.login.p50Ms} / ${r.besideTwoBusy.login.p95Ms} (max ${r.besideTwoBusy.login.maxMs}, n ${r.besideTwoBusy.login.n}) | ` +
  `${r.besideTwoBusy.signUp.p50Ms} / ${r.besideTwoBusy.signUp.p95Ms} (max ${r.besideTwoBusy.signUp.maxMs}, n ${r.besideTwoBusy.signUp.n}) |`;
const markdown = [
  '# Logins on a busy machine (`npm run bench:logins`)',
  '',
  `${date}, ${machine}.`,
  '',
  ...(busyResults.length
    ? [
        '## Beside two busy processes',
        '',
        'Each priority on a fresh server on the embedded database; one request at a time; ms.',
        '',
        '| HASHING_PRIORITY | login p50 / p95, quiet | sign-up p50 / p95, quiet | login p50 / p95, two busy | sign-up p50 / p95, two busy |',
        '|---|---|---|---|---|',
        ...busyResults.map(row),
        '',
      ]
    : []),
  ...(burstResults.length
    ? [
        `## 50 logins at once at ${args.participants} participants (PostgreSQL)`,
        '',
        "The load benchmark's lines, as printed.",
        '',
        ...burstResults.flatMap((r) => [
          `### HASHING_PRIORITY=${r.priority}, round ${r.round}`,
          '',
          '```',
          ...r.lines,
          '```',
          '',
        ]),
      ]
    : []),
];
// Each part with its own date and machine, so that parts run apart can share one file.
const part = <T>(results: T[]) => (results.length ? { date, machine, results } : undefined);
const json = `${JSON.stringify({ busy: part(busyResults), burst: part(burstResults) }, null, 2)}\n`;
const day = date.slice(0, 10);
const resultsDir = path.join(ROOT, 'bench/results');
writeFileSync(path.join(resultsDir, 'logins.json'), json);
writeFileSync(path.join(resultsDir, 'logins.md'), `${markdown.join('\n')}\n`);
writeFileSync(path.join(resultsDir, `logins-${day}.json`), json);
writeFileSync(path.join(resultsDir, `logins-${day}.md`), `${markdown.join('\n')}\n`);
console.log(markdown.join('\n'));
