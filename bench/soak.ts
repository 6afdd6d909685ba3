// Ten minutes at half the highest sustained load bench:load found on PostgreSQL: does
// the server's memory settle, and do latency and errors stay put? The server's RSS (from /proc)
// and V8 heap (GET /api/bench/memory, from the benchmark's own server entry) are sampled every
// 10 s along with the trial saves of those 10 s. At the end every trial confirmed with a 201
// must be in the database.
//
// Usage: npm run bench:soak [-- --minutes 1] [-- --rate <trial saves/s>]
//   Without --rate: half of bench/results/load.json's postgres.trialSavesPerSec. PostgreSQL at
//   TEST_DATABASE_URL as for bench:load. Writes bench/results/soak.{json,md}; a run shorter than
//   10 minutes writes to the temp folder instead, so a try-out never replaces the figures.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, round1 } from './lib';
import { createBenchDatabase } from './load/bench-database';
import { checkTrialsStored, confirmedTrials, createLoadGenerator } from './load/load-generator';
import { meanTrialPaceMs } from './load/participant';
import { startBenchServer } from './load/server';
import { JOINS_PER_SEC, joinParticipants, measureWindow } from './load/steps';

const SAMPLE_EVERY_MS = 10_000;
/** Joins as bench:load's steps join (at most 100 a second); the samples start once all save. */
const JOIN_TIMING = { joinSpreadMs: 10_000, warmupMs: 0, measureMs: 0 };
const FULL_MINUTES = 10;

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: String(FULL_MINUTES) },
    rate: { type: 'string' },
  },
});
const minutes = Number(args.minutes);
if (!(minutes > 0)) throw new Error('--minutes must be a positive number');

function readHalfOfMaxRate(): number {
  const file = path.join(ROOT, 'bench/results/load.json');
  if (!existsSync(file))
    throw new Error('no bench/results/load.json: run bench:load or give --rate');
  const load = JSON.parse(readFileSync(file, 'utf8')) as {
    postgres?: { trialSavesPerSec?: number };
  };
  const max = load.postgres?.trialSavesPerSec;
  if (!max) throw new Error('bench/results/load.json has no postgres.trialSavesPerSec');
  return max / 2;
}

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const num = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

type Sample = {
  minute: number;
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  trialSavesPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  serverCpuCores: number;
};

const rate = args.rate ? Number(args.rate) : readHalfOfMaxRate();
const meanPaceMs = meanTrialPaceMs();
const participants = Math.round(rate * (meanPaceMs / 1000));
const toMb = (bytes: number) => round1(bytes / 1024 / 1024);

console.log(
  `soak: ${minutes} min, ${participants} participants (~${Math.round(rate)} trial saves/s)`,
);
const database = await createBenchDatabase('postgres', participants, 0);
const server = await startBenchServer(database.serverEnv);
const generator = createLoadGenerator(server.baseUrl, database.accounts);
try {
  // The ten minutes start once everyone is saving trials: a flood of logins is not the load.
  const joinSeconds = await joinParticipants(generator, participants, 'ours', JOIN_TIMING);
  console.log(`  all ${participants} saving after ${joinSeconds ?? 'more than 180'} s`);
  const samples: Sample[] = [];
  const started = performance.now();
  while (performance.now() - started < minutes * 60_000) {
    const window = await measureWindow(generator, server.pid, SAMPLE_EVERY_MS);
    const memory = (await (await fetch(`${server.baseUrl}/api/bench/memory`)).json()) as {
      rss: number;
      heapUsed: number;
      heapTotal: number;
    };
    const sample: Sample = {
      minute: round1((performance.now() - started) / 60_000),
      rssMb: toMb(memory.rss),
      heapUsedMb: toMb(memory.heapUsed),
      heapTotalMb: toMb(memory.heapTotal),
      trialSavesPerSec: window.trialSavesPerSec,
      p50Ms: window.latency.p50Ms,
      p99Ms: window.latency.p99Ms,
      errors: window.metrics.errors,
      serverCpuCores: window.cpu.serverCores,
    };
    samples.push(sample);
    console.log(
      `  ${sample.minute} min: RSS ${sample.rssMb} MB, heap ${sample.heapUsedMb} MB, ` +
        `${sample.trialSavesPerSec} saves/s, p99 ${sample.p99Ms} ms, ${sample.errors} errors`,
    );
    for (const line of window.metrics.errorSamples) console.log(`      ${line}`);
  }
  await generator.stopAll();
  await generator.collect();
  const exitCode = await server.stop();
  const storedTrials = await database.countTrials();
  const tally = generator.trials;

  // The first samples hold the ramp-up (runs in their first phases, JIT warm-up); the trend is
  // read after them.
  const settled = samples.filter((s) => s.minute > Math.min(1, minutes / 4));
  const perMinute = (pick: (s: Sample) => number) =>
    round1(slope(settled.map((s) => ({ x: s.minute, y: pick(s) }))));
  const secondHalf = settled.filter((s) => s.minute > minutes / 2);
  const first = samples[0];
  const last = samples.at(-1);
  const result = {
    minutes,
    participants,
    targetTrialSavesPerSec: Math.round(rate),
    joinSeconds,
    trialSavesPerSec: round1(
      samples.reduce((s, x) => s + x.trialSavesPerSec, 0) / Math.max(1, samples.length),
    ),
    worstP99Ms: Math.max(...samples.map((s) => s.p99Ms)),
    errors: samples.reduce((s, x) => s + x.errors, 0),
    startRssMb: first?.rssMb ?? null,
    endRssMb: last?.rssMb ?? null,
    startHeapUsedMb: first?.heapUsedMb ?? null,
    endHeapUsedMb: last?.heapUsedMb ?? null,
    rssTrendMbPerMin: perMinute((s) => s.rssMb),
    heapTrendMbPerMin: perMinute((s) => s.heapUsedMb),
    secondHalfRssTrendMbPerMin: round1(slope(secondHalf.map((s) => ({ x: s.minute, y: s.rssMb })))),
    secondHalfHeapTrendMbPerMin: round1(
      slope(secondHalf.map((s) => ({ x: s.minute, y: s.heapUsedMb }))),
    ),
    confirmedTrials: confirmedTrials(tally),
    trialsConfirmedLate: tally.confirmedLate,
    trialsUnanswered: tally.unanswered,
    storedTrials,
    serverExitCode: exitCode,
    samples,
    machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version },
    date: new Date().toISOString(),
  };
  checkTrialsStored(tally, storedTrials);
  if (exitCode !== 0) throw new Error(`the server exited ${exitCode} after SIGTERM`);

  const isTryOut = minutes < FULL_MINUTES;
  const outDir = isTryOut ? tmpdir() : path.join(ROOT, 'bench/results');
  const base = isTryOut ? 'cogni-soak.try-out' : 'soak';
  writeFileSync(path.join(outDir, `${base}.json`), `${JSON.stringify(result, null, 2)}\n`);
  const lines = [
    '# Soak: half the maximum load for a while (`npm run bench:soak`)',
    '',
    `${result.date}, ${minutes} min on ${result.machine.cpu}, ${result.machine.cores} cores, Node ${result.machine.node}, PostgreSQL. ${participants} participants as in bench:load (~${result.targetTrialSavesPerSec} trial saves/s over a whole run; ${args.rate ? 'given with --rate' : 'half the maximum sustained load in bench/results/load.json'}), joining at up to ${JOINS_PER_SEC} a second (all saving after ${joinSeconds ?? 'more than 180'} s, before the first sample); the server's RSS and V8 heap sampled every ${SAMPLE_EVERY_MS / 1000} s.`,
    '',
    `- ${result.trialSavesPerSec} trial saves/s on average, worst 10-second p99 ${result.worstP99Ms} ms, **${result.errors} errors**.`,
    `- RSS ${result.startRssMb} MB at the first sample, ${result.endRssMb} MB at the end; trend after the ramp-up ${result.rssTrendMbPerMin} MB/min (second half ${result.secondHalfRssTrendMbPerMin} MB/min).`,
    `- Heap used ${result.startHeapUsedMb} MB → ${result.endHeapUsedMb} MB; trend ${result.heapTrendMbPerMin} MB/min (second half ${result.secondHalfHeapTrendMbPerMin} MB/min).`,
    `- ${result.confirmedTrials} trials confirmed (${tally.confirmedLate} of them by a 200 "already saved" after an attempt whose answer was lost), ${storedTrials} in the database${tally.unanswered > 0 ? ` (${tally.unanswered} more had no answer when their participant was stopped)` : ''}; the server stopped with exit code ${exitCode} on SIGTERM.`,
    '',
    '| minute | RSS MB | heap used MB | heap total MB | saves/s | p50 ms | p99 ms | errors | server CPU (cores) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...samples.map(
      (s) =>
        `| ${s.minute} | ${s.rssMb} | ${s.heapUsedMb} | ${s.heapTotalMb} | ${s.trialSavesPerSec} | ${s.p50Ms} | ${s.p99Ms} | ${s.errors} | ${s.serverCpuCores} |`,
    ),
  ];
  writeFileSync(path.join(outDir, `${base}.md`), `${lines.join('\n')}\n`);
  console.log(
    `RSS ${result.startRssMb} -> ${result.endRssMb} MB (${result.rssTrendMbPerMin} MB/min), heap ` +
      `${result.startHeapUsedMb} -> ${result.endHeapUsedMb} MB (${result.heapTrendMbPerMin} MB/min), ` +
      `${result.errors} errors\nWritten to ${path.join(outDir, base)}.{json,md}`,
  );
} catch (error) {
  console.error((error as Error).message);
  console.error(`server output:\n${server.server.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  await generator.close();
  await server.stop();
  await database.dispose();
}
