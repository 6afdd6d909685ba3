// Logins on a busy machine (ADR 033). Two parts, each comparing hashing priorities side by side
// in one run (the server's HASHING_PRIORITY setting):
//
// busy: for each priority a fresh server on a new embedded database, as `npm start` runs it.
//   Logins and sign-ups one after another, first on a quiet machine, then beside two CPU-bound
//   processes at normal priority that this script starts (each in a session of its own, as a
//   program started from another terminal or service is), and then beside those two with an
//   anonymous trickle as well: 30 trial saves a second without a session, each answered 401,
//   which must not make hashing yield as real trial saves do. Latency of each request as the
//   client sees it; p50, p95 and max.
// burst: for each priority the load benchmark's login burst (bench/load.ts --hold N --burst
//   --burst-cost full): N participants saving trials, then 50 full-cost logins at once, three
//   times; trial-save p99 before and during each burst, and how many logins were answered
//   within 30 s. On PostgreSQL at --participants, and on the embedded database too when
//   --pglite-participants is given. For `adaptive`, once for each autogroup nice of
//   --busy-nices (HASHING_BUSY_NICE: the share of the CPU hashing gets while saves keep the
//   server busy, ADR 037). With --beside-busy=N, N CPU-bound processes run beside it all, as
//   on a machine that the participants alone keep busier (a slower VM, or another program).
//
// Usage: npm run bench:logins [-- --parts=busy,burst] [--priorities=background,adaptive]
//   [--participants=1500] [--pglite-participants=N] [--busy-nices=10] [--bursts=3]
//   [--beside-busy=0] [--rounds=1]
// The burst part needs TEST_DATABASE_URL (a PostgreSQL it may fill and empty).
// Writes bench/results/logins.json and logins.md (latest), and a dated copy of each.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_HASHING_BUSY_NICE,
  HASHING_PRIORITIES,
  type HashingPriority,
} from '../apps/server/src/lib/password';
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
    'pglite-participants': { type: 'string' },
    'busy-nices': { type: 'string', default: String(DEFAULT_HASHING_BUSY_NICE) },
    bursts: { type: 'string', default: '3' },
    'beside-busy': { type: 'string', default: '0' },
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

/** Every CPU-bound process started and not yet killed. */
const running = new Set<ChildProcess>();
/**
 * Sessions of their own outlive this script, so a script stopped by a signal kills them first:
 * a busy process left behind would load every later measurement.
 */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(1);
  });
}

/** CPU-bound processes at the priority of any other program, each in a session of its own. */
function startBusyProcesses(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['-e', 'let x = 0; for (;;) x += 1;'], {
      detached: true,
      stdio: 'ignore',
    });
    running.add(child);
    child.once('exit', () => running.delete(child));
    return child;
  });
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
  /** Beside the two busy processes, with ANONYMOUS_SAVES_PER_SEC unauthenticated trial saves. */
  withAnonymousTrickle: { login: Figures; signUp: Figures; answers: Record<string, number> };
};

/** The anonymous trickle's rate: above the 20 saves a second at which hashing yields. */
const ANONYMOUS_SAVES_PER_SEC = 30;

/**
 * Sends ANONYMOUS_SAVES_PER_SEC trial saves a second without a session (an Origin header, so
 * the API guard lets them reach the route) until stopped; counts the answers by status.
 */
function startAnonymousTrickle(baseUrl: string) {
  const answers: Record<string, number> = {};
  const body = JSON.stringify({ phase: 'test', trialNumber: 0, response: 'R', reactionTime: 500 });
  const timer = setInterval(() => {
    const runId = crypto.randomUUID();
    fetch(`${baseUrl}/api/results/${runId}/trials/test/0/0`, {
      method: 'PUT',
      headers: { origin: baseUrl, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (response) => {
        await response.text();
        answers[response.status] = (answers[response.status] ?? 0) + 1;
      })
      .catch(() => {
        answers.failed = (answers.failed ?? 0) + 1;
      });
  }, 1000 / ANONYMOUS_SAVES_PER_SEC);
  return { answers, stop: () => clearInterval(timer) };
}

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
    const trickle = startAnonymousTrickle(baseUrl);
    let withAnonymousTrickle: BusyResult['withAnonymousTrickle'];
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      withAnonymousTrickle = {
        login: await timeEach(LOGINS, logIn),
        signUp: await timeEach(SIGN_UPS, signUp),
        answers: trickle.answers,
      };
    } finally {
      trickle.stop();
    }
    const result = { priority, quiet, besideTwoBusy, withAnonymousTrickle };
    console.log(JSON.stringify(result));
    return result;
  } finally {
    for (const process of busy) process.kill('SIGKILL');
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One burst of 50 logins as bench/load.ts prints it, read back into figures. */
type Burst = {
  line: string;
  p99BeforeMs: number;
  p99DuringMs: number;
  savesPerSecDuring: number;
  loginP50Ms: number;
  loginLastMs: number;
  statuses: Record<string, number>;
};

type BurstResult = {
  priority: HashingPriority;
  /** CPU-bound processes running beside the benchmark. */
  besideBusy: number;
  /** HASHING_BUSY_NICE, for `adaptive`. */
  busyNice: number | null;
  database: 'postgres' | 'pglite';
  participants: number;
  round: number;
  bursts: Burst[];
};

const BURST_LINE =
  /trial-save p99 ([\d.]+) ms before, ([\d.]+) ms during \(max [\d.]+ ms, ([\d.]+) saves\/s\); logins p50 ([\d.]+) ms, last ([\d.]+) ms, (\{.*\})/;

function readBurst(line: string): Burst {
  const match = BURST_LINE.exec(line);
  if (!match) throw new Error(`not a burst line: ${line}`);
  const [, before, during, saves, p50, last, statuses] = match;
  return {
    line: line.trim(),
    p99BeforeMs: Number(before),
    p99DuringMs: Number(during),
    savesPerSecDuring: Number(saves),
    loginP50Ms: Number(p50),
    loginLastMs: Number(last),
    statuses: JSON.parse(statuses ?? '{}') as Record<string, number>,
  };
}

/** The load benchmark's login bursts at `participants` with the given hashing settings. */
function measureBurst(
  priority: HashingPriority,
  busyNice: number | null,
  database: BurstResult['database'],
  participants: number,
  round: number,
): Promise<BurstResult> {
  const hashing: Record<string, string> = { HASHING_PRIORITY: priority };
  if (busyNice !== null) hashing.HASHING_BUSY_NICE = String(busyNice);
  const besideBusy = Number(args['beside-busy']);
  const busy = startBusyProcesses(besideBusy);
  const stopBusy = () => {
    for (const process of busy) process.kill('SIGKILL');
  };
  return new Promise<BurstResult>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'bench/load.ts',
        '--db',
        database,
        '--hold',
        String(participants),
        '--windows',
        '2',
        '--burst',
        '--burst-cost',
        'full',
        '--bursts',
        args.bursts,
      ],
      {
        cwd: ROOT,
        env: { ...process.env, ...hashing },
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
        const bursts = output
          .split('\n')
          .filter((line) => line.includes(`${database} ${participants}, `))
          .map(readBurst);
        resolve({ priority, besideBusy, busyNice, database, participants, round, bursts });
      }
    });
  }).finally(stopBusy);
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
// A database with 0 participants (--participants=0: PGlite alone) is left out.
const burstDatabases = (
  [
    ['postgres', Number(args.participants)],
    ['pglite', Number(args['pglite-participants'] ?? 0)],
  ] as [BurstResult['database'], number][]
).filter(([, participants]) => participants > 0);
const busyNices = args['busy-nices'].split(',').map(Number);
for (let round = 1; round <= rounds; round++) {
  for (const [database, participants] of burstDatabases) {
    for (const priority of priorities) {
      if (!parts.has('burst')) continue;
      for (const busyNice of priority === 'adaptive' ? busyNices : [null]) {
        burstResults.push(await measureBurst(priority, busyNice, database, participants, round));
      }
    }
  }
}

const row = (r: BusyResult) =>
  `| ${r.priority} | ${r.quiet.login.p50Ms} / ${r.quiet.login.p95Ms} | ${r.quiet.signUp.p50Ms} / ${r.quiet.signUp.p95Ms} | ` +
  `${r.besideTwoBusy.login.p50Ms} / ${r.besideTwoBusy.login.p95Ms} (max ${r.besideTwoBusy.login.maxMs}, n ${r.besideTwoBusy.login.n}) | ` +
  `${r.besideTwoBusy.signUp.p50Ms} / ${r.besideTwoBusy.signUp.p95Ms} (max ${r.besideTwoBusy.signUp.maxMs}, n ${r.besideTwoBusy.signUp.n}) | ` +
  `${r.withAnonymousTrickle.login.p50Ms} / ${r.withAnonymousTrickle.login.p95Ms} (max ${r.withAnonymousTrickle.login.maxMs}, n ${r.withAnonymousTrickle.login.n}) | ` +
  `${r.withAnonymousTrickle.signUp.p50Ms} / ${r.withAnonymousTrickle.signUp.p95Ms} (max ${r.withAnonymousTrickle.signUp.maxMs}, n ${r.withAnonymousTrickle.signUp.n}) | ` +
  `${Object.entries(r.withAnonymousTrickle.answers)
    .map(([status, n]) => `${n}× ${status}`)
    .join(', ')} |`;
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
        `The last three columns add ${ANONYMOUS_SAVES_PER_SEC} anonymous trial saves a second to the two busy processes.`,
        '',
        '| HASHING_PRIORITY | login p50 / p95, quiet | sign-up p50 / p95, quiet | login p50 / p95, two busy | sign-up p50 / p95, two busy | login p50 / p95, two busy + anonymous | sign-up p50 / p95, two busy + anonymous | anonymous answers |',
        '|---|---|---|---|---|---|---|---|',
        ...busyResults.map(row),
        '',
      ]
    : []),
  ...(burstResults.length
    ? [
        '## 50 logins at once beside participants saving trials',
        '',
        'Trial-save p99 during each burst (just before it in brackets), and the logins: how many',
        'were answered 200 within 30 s, their p50 and the last answer.',
        '',
        '| database | participants | busy processes beside | HASHING_PRIORITY | HASHING_BUSY_NICE | round | burst | save p99 during (before), ms | saves/s during | logins answered | login p50 / last, s |',
        '|---|--:|--:|---|--:|--:|--:|---|--:|---|---|',
        ...burstResults.flatMap((r) =>
          r.bursts.map(
            (b, i) =>
              `| ${r.database} | ${r.participants} | ${r.besideBusy} | ${r.priority} | ${r.busyNice ?? ''} | ${r.round} | ${i + 1} | ${b.p99DuringMs} (${b.p99BeforeMs}) | ${b.savesPerSecDuring} | ${b.statuses['200'] ?? 0} of ${Object.values(b.statuses).reduce((a, n) => a + n, 0)} | ${round1(b.loginP50Ms / 1000)} / ${round1(b.loginLastMs / 1000)} |`,
          ),
        ),
        '',
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
