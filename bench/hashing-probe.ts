// Does password hashing in niced threads delay the server's event loop (ADR 018)? A nice-0 loop
// with 1-ms timers and a little JSON work a tick runs beside one busy nice-0 process (the rest
// of a loaded machine) and, in turn, nothing, two niced threads in a CPU loop, and two niced
// threads hashing at the server's cost (scrypt N=2^17, r=8: 128 MiB a hash). Then, as a measure
// of the machine's own noise, one thread's JSON throughput in consecutive 5-s windows with
// nothing else running.
//
// Last, ADR 020's question: Linux schedules sessions (autogroup) and cgroups as groups first, so
// niced threads take CPU from processes of another session as if they were not niced. Two busy
// processes in sessions of their own (as PostgreSQL's backends are) count their loops beside
// nothing, beside two niced hashing threads in this process (ADR 018's design), and beside the
// server's hashing processes (createBackgroundScrypt: sessions of their own at autogroup nice 19).
//
// Usage: npx tsx bench/hashing-probe.ts (about a minute and a half; prints, writes nothing)

import { spawn } from 'node:child_process';
import { Worker } from 'node:worker_threads';
import { createBackgroundScrypt, HASHING_NICE } from '../apps/server/src/lib/background-scrypt';
import { PRODUCTION_COST } from '../apps/server/src/lib/password';
import { percentile } from './lib';

/** Hashing threads as ADR 018 designs them: nice 10, inside this process's session. */
const NICE = `const os = require('node:os');
try { os.setPriority(Math.min(19, os.getPriority() + ${HASHING_NICE})); } catch {}
`;
const WORKLOADS = {
  'nothing else': null,
  'two niced CPU loops': 'let x = 0; for (;;) x += 1;',
  'two niced scrypt threads': `const { scryptSync } = require('node:crypto');
    for (;;) scryptSync('password', 'salt', 32, { N: ${PRODUCTION_COST.N}, r: ${PRODUCTION_COST.r}, p: 1, maxmem: 2 ** 28 });`,
} as const;

/** How late 1-ms timers fire over `ms`, each tick doing a request's worth of JSON. */
function timerLateness(ms: number): Promise<number[]> {
  return new Promise((resolve) => {
    const lates: number[] = [];
    const end = performance.now() + ms;
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      lates.push(now - last - 1);
      JSON.parse(JSON.stringify({ a: [1, 2, 3], b: 'x'.repeat(200) }));
      last = performance.now();
      if (now < end) setTimeout(tick, 1);
      else resolve(lates);
    };
    setTimeout(tick, 1);
  });
}

const rows = Array.from({ length: 20_000 }, (_, i) => ({
  id: i,
  s: 'x'.repeat(50),
  a: [i, i + 1],
}));
function jsonOperations(ms: number): number {
  const end = performance.now() + ms;
  let n = 0;
  for (; performance.now() < end; n++) {
    const from = (n * 97) % 15_000;
    JSON.parse(JSON.stringify(rows.slice(from, from + 2000)));
  }
  return n;
}

const hog = spawn(process.execPath, ['-e', 'let x = 0; for (;;) x += 1;'], { stdio: 'ignore' });
try {
  for (const [name, source] of Object.entries(WORKLOADS)) {
    const workers = source ? [0, 1].map(() => new Worker(NICE + source, { eval: true })) : [];
    await new Promise((resolve) => setTimeout(resolve, 500));
    const lates = (await timerLateness(8000)).sort((a, b) => a - b);
    const at = (q: number) => percentile(lates, q).toFixed(1);
    console.log(
      `${name.padEnd(26)} timer late p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`,
    );
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
} finally {
  hog.kill();
}
const windows = Array.from({ length: 4 }, () => jsonOperations(5000));
console.log(`JSON operations per 5 s, one thread, nothing else: ${windows.join(', ')}`);

/** Loops a busy process in a session of its own counts in `ms` (its output). */
function loopsInAnotherSession(ms: number): Promise<number> {
  const source = `const end = Date.now() + ${ms}; let n = 0;
    while (Date.now() < end) { for (let i = 0; i < 1e5; i++); n++; }
    console.log(n);`;
  const child = spawn(process.execPath, ['-e', source], {
    detached: true,
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once('exit', () => resolve(Number(output))));
}

const serverHashing = createBackgroundScrypt(2);
let isHashing = false;
async function hashWhileOn() {
  const cost = { ...PRODUCTION_COST, maxmem: 2 ** 28 };
  while (isHashing) await serverHashing('password', Buffer.from('salt'), 32, cost);
}
const beside: Record<string, () => Promise<() => Promise<void>>> = {
  'nothing else': async () => async () => {},
  'two niced hashing threads here': async () => {
    const source = NICE + WORKLOADS['two niced scrypt threads'];
    const workers = [0, 1].map(() => new Worker(source, { eval: true }));
    return async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    };
  },
  "the server's hashing processes": async () => {
    isHashing = true;
    const loops = [hashWhileOn(), hashWhileOn()];
    return async () => {
      isHashing = false;
      await Promise.all(loops);
    };
  },
};
for (const [name, start] of Object.entries(beside)) {
  const stop = await start();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const loops = await Promise.all([loopsInAnotherSession(6000), loopsInAnotherSession(6000)]);
  await stop();
  console.log(
    `two busy processes in other sessions, beside ${name.padEnd(31)}: ${loops.join(' + ')} loops in 6 s`,
  );
}
