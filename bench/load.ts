// Trial saves a second the server sustains with p99 under 50 ms, on PostgreSQL and on the
// embedded PGlite, against the same server's bare-insert ceiling. Simulated
// participants (bench/load/participant.ts) do over HTTP what the browser does: log in, open the
// test, start it, save 168 trials at a person's pace, save the summary, open progress tracking.
// Their number goes up step by step until p99 passes the goal; then, at the best sustained step,
// 50 accounts log in at once (full-cost password hashes) to show whether logins stall saves.
// The same steps then run with the trials sent to the ceiling endpoint. Finally every trial the
// server confirmed with a 201 must be in the database, once.
//
// Usage: npm run bench:load [-- --quick] [-- --db postgres|pglite] [-- --profile <dir>]
//   [-- --hold <participants> [--windows <n>] [--burst [--burst-cost cheap|full|both]
//   [--bursts <n>]] [--calm <participants>]] (development: one load, 10-s windows, then with
//   --burst the login burst, with cheap hashes (the requests alone) and at full cost, with
//   --calm the time to calm down at fewer participants; no files)
//   PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test; a new
//   database is made and dropped). Writes bench/results/load.{json,md}; --quick (short steps,
//   for development) writes to the temp folder instead.

import { writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, round1 } from './lib';
import { createBenchDatabase, type DatabaseKind } from './load/bench-database';
import { checkTrialsStored, confirmedTrials, createLoadGenerator } from './load/load-generator';
import { meanTrialPaceMs } from './load/participant';
import { type LoadReport, type LoadResult, writeLoadReport } from './load/report';
import { startBenchServer } from './load/server';
import {
  JOINS_PER_SEC,
  joinParticipants,
  type LoginBurst,
  measureLoginBurst,
  measureWindow,
  type StepResult,
  stepUp,
  waitUntilCalm,
} from './load/steps';

const GOAL_P99_MS = 50;
const GOALS: Record<DatabaseKind, { trialSavesPerSec: number; shareOfCeiling?: number }> = {
  postgres: { trialSavesPerSec: 3000, shareOfCeiling: 0.7 },
  pglite: { trialSavesPerSec: 1000 },
};
const BURST_LOGINS = 50;

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    db: { type: 'string', multiple: true },
    /** A folder for the server's CPU profile (--cpu-prof), one file per database. */
    profile: { type: 'string' },
    /**
     * For development: hold this many participants (no steps, no ceiling, nothing written) and
     * print a window every 10 s, to see what a change does at one load.
     */
    hold: { type: 'string' },
    windows: { type: 'string', default: '4' },
    /** With --hold: after the windows, the login burst. */
    burst: { type: 'boolean', default: false },
    /** With --burst: with cheap hashes (the login requests alone), full-cost ones, or both. */
    'burst-cost': { type: 'string', default: 'both' },
    /** With --burst: how many times. */
    bursts: { type: 'string', default: '1' },
    /**
     * With --hold: at the end, stop participants down to this many and time how long the server
     * takes to calm down (two 5-s windows in a row with p99 under the goal and no errors).
     */
    calm: { type: 'string' },
  },
});
const kinds = (args.db ?? ['postgres', 'pglite']) as DatabaseKind[];
for (const kind of kinds) {
  if (kind !== 'postgres' && kind !== 'pglite') throw new Error(`--db ${kind}: postgres or pglite`);
}

const BURST_COSTS = ['cheap', 'full', 'both'] as const;
const burstCost = args['burst-cost'] as (typeof BURST_COSTS)[number];
if (!BURST_COSTS.includes(burstCost)) {
  throw new Error(`--burst-cost ${burstCost}: cheap, full or both`);
}

const settings = args.quick
  ? {
      // Joins spread over more than the slowest trial (3.5 s), so a step's new participants
      // do not save in waves.
      timing: { joinSpreadMs: 4000, warmupMs: 7000, measureMs: 6000 },
      plan: { first: 300, factor: 2 },
      accounts: 12_000,
      burstBeforeMs: 5000,
    }
  : {
      timing: { joinSpreadMs: 5000, warmupMs: 10_000, measureMs: 15_000 },
      plan: { first: 1000, factor: 1.25 },
      accounts: 30_000,
      burstBeforeMs: 10_000,
    };
const meanPaceMs = meanTrialPaceMs();
const stepOptions = { goalP99Ms: GOAL_P99_MS };

function describeStep(label: string, step: StepResult): string {
  const mark = step.isSustained ? 'ok  ' : 'MISS';
  return (
    `  ${mark} ${label} ${String(step.participants).padStart(6)} participants: ` +
    `${step.trialSavesPerSec} saves/s, p50 ${step.p50Ms} ms, ` +
    `p99 ${step.p99Ms} ms, ${step.errors} errors, server ${step.serverCpuCores} cores ` +
    `${step.serverRssMb} MB, machine ${step.machineCpuCores} cores (+${step.stealCpuCores} stolen); event loop late p99/max ` +
    `server ${step.serverEventLoop.p99Ms}/${step.serverEventLoop.maxMs} ms, ` +
    `generator ${step.generatorEventLoop.p99Ms}/${step.generatorEventLoop.maxMs} ms` +
    (step.errorSamples.length > 0 ? `\n      ${step.errorSamples.join('\n      ')}` : '')
  );
}

function describeBurst(burst: LoginBurst): string {
  return (
    `trial-save p99 ${burst.before.p99Ms} ms before, ${burst.during.p99Ms} ms during ` +
    `(max ${burst.during.maxMs} ms, ${burst.during.trialSavesPerSec} saves/s); ` +
    `logins p50 ${burst.loginP50Ms} ms, last ${burst.loginMaxMs} ms, ${JSON.stringify(burst.statuses)}`
  );
}

/** Everything measured on one kind of database. */
async function benchDatabase(kind: DatabaseKind): Promise<LoadResult> {
  console.log(`\n${kind}: seeding ${settings.accounts} accounts`);
  const database = await createBenchDatabase(kind, settings.accounts, BURST_LOGINS);
  const server = await startBenchServer(database.serverEnv, { profileDir: args.profile });
  const generator = createLoadGenerator(server.baseUrl, database.accounts);
  try {
    console.log(`${kind}: our trial saves (PUT /api/results/:id/trials/:phase/:n)`);
    const plan = { ...settings.plan, maxParticipants: database.accounts.length };
    const ours = await stepUp(
      generator,
      server.pid,
      'ours',
      plan,
      settings.timing,
      stepOptions,
      (s) => console.log(describeStep('ours', s)),
    );

    // At the best step, and at half of it (ordinary busy times, the soak's load).
    const burstAt = async (participants: number): Promise<LoginBurst> => {
      console.log(`${kind}: ${BURST_LOGINS} logins at once at ${participants} participants`);
      await joinParticipants(generator, participants, 'ours', settings.timing);
      // Measured on a calm server only: the steps past the maximum, or the burst before, leave
      // work behind that would otherwise be counted against this burst.
      if (!(await waitUntilCalm(generator, { serverPid: server.pid, goalP99Ms: GOAL_P99_MS }))) {
        console.log('  not calm after 3 min; measured anyway');
      }
      const burst = await measureLoginBurst(
        generator,
        server.pid,
        database.burstAccounts,
        settings.burstBeforeMs,
      );
      console.log(`  ${describeBurst(burst)}`);
      return burst;
    };
    // Half first: logins the knee's burst leaves queued would still be hashing during it.
    const burstAtHalfLoad = ours.best
      ? await burstAt(Math.round(ours.best.participants / 2))
      : null;
    const burst = ours.best ? await burstAt(ours.best.participants) : null;
    await generator.stopAll();

    console.log(`${kind}: the ceiling (the same row, no login or checks)`);
    const ceilingPlan = {
      ...plan,
      first: Math.max(settings.plan.first, Math.round((ours.best?.participants ?? 0) / 2)),
    };
    const ceiling = await stepUp(
      generator,
      server.pid,
      'ceiling',
      ceilingPlan,
      settings.timing,
      stepOptions,
      (s) => console.log(describeStep('ceiling', s)),
    );
    await generator.stopAll();
    await generator.collect();

    const exitCode = await server.stop();
    const storedTrials = await database.countTrials();
    const tally = generator.trials;
    const confirmed = confirmedTrials(tally);
    // Checked here, thrown only after the results are written (a full run takes half an hour).
    let trialCheck = 'passed';
    try {
      checkTrialsStored(tally, storedTrials);
    } catch (error) {
      trialCheck = (error as Error).message;
      console.error(`${kind}: ${trialCheck}`);
    }
    const allSteps = [...ours.steps, ...ceiling.steps];
    const best = ours.best;
    const ceilingPerSec = ceiling.best?.trialSavesPerSec ?? null;
    const goal = GOALS[kind];
    const shareOfCeiling =
      best && ceilingPerSec
        ? Math.round((best.trialSavesPerSec / ceilingPerSec) * 100) / 100
        : null;
    const result: LoadResult = {
      trialSavesPerSec: best?.trialSavesPerSec ?? 0,
      p50Ms: best?.p50Ms ?? null,
      p99Ms: best?.p99Ms ?? null,
      errors: best?.errors ?? null,
      ceilingPerSec,
      shareOfCeiling,
      p99MsDuringLoginBurst: burst?.during.p99Ms ?? null,
      p99MsBeforeLoginBurst: burst?.before.p99Ms ?? null,
      participants: best?.participants ?? 0,
      serverCpuCores: best?.serverCpuCores ?? null,
      serverRssMb: best?.serverRssMb ?? null,
      machineCpuCores: best?.machineCpuCores ?? null,
      stealCpuCores: best?.stealCpuCores ?? null,
      generatorCpuCores: best?.generatorCpuCores ?? null,
      errorsInRun: allSteps.reduce((sum, s) => sum + s.errors, 0),
      loginBurst: burst,
      loginBurstAtHalfLoad: burstAtHalfLoad,
      confirmedTrials: confirmed,
      trialsConfirmedLate: tally.confirmedLate,
      trialsUnanswered: tally.unanswered,
      storedTrials,
      trialCheck,
      serverExitCode: exitCode,
      goals: { p99Ms: GOAL_P99_MS, ...goal },
      isGoalMet:
        best !== null &&
        best.trialSavesPerSec >= goal.trialSavesPerSec &&
        (goal.shareOfCeiling === undefined || (shareOfCeiling ?? 0) >= goal.shareOfCeiling),
      steps: ours.steps,
      ceilingSteps: ceiling.steps,
    };
    if (exitCode !== 0) throw new Error(`the server exited ${exitCode} after SIGTERM`);
    console.log(
      `${kind}: ${result.trialSavesPerSec} trial saves/s (p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms), ` +
        `ceiling ${ceilingPerSec}/s, share ${shareOfCeiling}; ${confirmed} trials confirmed, ${storedTrials} stored`,
    );
    return result;
  } catch (error) {
    console.error(`server output:\n${server.server.output().slice(-3000)}`);
    throw error;
  } finally {
    await generator.close();
    await server.stop();
    await database.dispose();
  }
}

/** --hold: one head count, measured window after window on each database. */
async function holdLoad(kind: DatabaseKind, participants: number, windows: number) {
  const database = await createBenchDatabase(kind, participants, args.burst ? BURST_LOGINS : 0);
  const server = await startBenchServer(database.serverEnv, { profileDir: args.profile });
  const generator = createLoadGenerator(server.baseUrl, database.accounts);
  try {
    const joinSeconds = await joinParticipants(generator, participants, 'ours', settings.timing);
    console.log(`${kind} ${participants}: all saving after ${joinSeconds ?? 'more than 180'} s`);
    for (let i = 0; i < windows; i++) {
      const window = await measureWindow(generator, server.pid, 10_000);
      const { cpu, latency } = window;
      console.log(
        `${kind} ${participants}: ${window.trialSavesPerSec} saves/s, p50 ${latency.p50Ms} ms, ` +
          `p99 ${latency.p99Ms} ms, max ${latency.maxMs} ms, errors ${window.metrics.errors} ` +
          `${JSON.stringify(window.metrics.errorsByStatus)}; ` +
          `server ${cpu.serverCores}, generator ${cpu.generatorCores}, machine ${cpu.machineCores} ` +
          `(+${cpu.stealCores} stolen) cores; server loop late p99 ${window.serverEventLoop.p99Ms} ms; ` +
          `requests/s ${JSON.stringify(window.requestsPerSec)}`,
      );
    }
    if (args.burst) {
      // With cheap hashes the burst is the login requests alone; at full cost the hashing is
      // added, so the two together tell the hashing's share.
      const byCost = {
        cheap: { label: 'cheap hashes', accounts: database.cheapBurstAccounts },
        full: { label: 'full-cost hashes', accounts: database.burstAccounts },
      };
      const once = burstCost === 'both' ? [byCost.cheap, byCost.full] : [byCost[burstCost]];
      for (let i = 0; i < Number(args.bursts); i++) {
        for (const { label, accounts } of once) {
          await waitUntilCalm(generator, { serverPid: server.pid, goalP99Ms: GOAL_P99_MS });
          const burst = await measureLoginBurst(
            generator,
            server.pid,
            accounts,
            settings.burstBeforeMs,
          );
          console.log(
            `${kind} ${participants}, ${accounts.length} logins, ${label}: ${describeBurst(burst)}`,
          );
        }
      }
    }
    if (args.calm) {
      const started = performance.now();
      generator.setParticipants(Number(args.calm), 'ours', settings.timing.joinSpreadMs);
      const isCalm = await waitUntilCalm(generator, {
        serverPid: server.pid,
        goalP99Ms: GOAL_P99_MS,
      });
      const seconds = round1((performance.now() - started) / 1000);
      console.log(
        `${kind} ${participants} -> ${args.calm}: ${isCalm ? `calm after ${seconds} s` : `not calm after ${seconds} s`}`,
      );
    }
    await generator.stopAll();
  } finally {
    await generator.close();
    await server.stop();
    await database.dispose();
  }
}

if (args.hold) {
  for (const kind of kinds) await holdLoad(kind, Number(args.hold), Number(args.windows));
  process.exit(0);
}

const startedAt = Date.now();
const results: Pick<LoadReport, DatabaseKind> = {};
const outDir = args.quick ? tmpdir() : path.join(ROOT, 'bench/results');
const base = args.quick ? 'cogni-load.quick' : 'load';
// Written after each database, so a failure on the second keeps the first's half hour.
for (const kind of kinds) {
  results[kind] = await benchDatabase(kind);
  writeReport();
}

function writeReport() {
  const cpu = cpus();
  const report: LoadReport = {
    ...results,
    machine: {
      cpu: cpu[0]?.model ?? 'unknown',
      cores: cpu.length,
      memoryGb: round1(totalmem() / 1024 ** 3),
      node: process.version,
    },
    date: new Date().toISOString(),
    mode: args.quick ? 'quick' : 'full',
    durationMin: round1((Date.now() - startedAt) / 60_000),
    method: {
      meanTrialPaceMs: Math.round(meanPaceMs),
      ...settings.timing,
      stepFactor: settings.plan.factor,
      joinsPerSec: JOINS_PER_SEC,
      loginBurst: BURST_LOGINS,
    },
  };
  writeFileSync(path.join(outDir, `${base}.json`), `${JSON.stringify(report, null, 2)}\n`);
  writeLoadReport(path.join(outDir, `${base}.md`), report);
  console.log(`\nWritten to ${path.join(outDir, base)}.{json,md}`);
}
const failedChecks = kinds.filter((kind) => results[kind]?.trialCheck !== 'passed');
if (failedChecks.length > 0) {
  console.error(`Trials confirmed but not stored (or the reverse) on ${failedChecks.join(', ')}`);
  process.exit(1);
}
