// The admin console over 1,000,000 stored trials on PostgreSQL: the aggregate Stroop
// report (goal: under 500 ms) and the streamed CSV research export (rows per second and the
// server's peak memory). Runs the real server as its own process on a fresh database; the
// trials are written by SQL (INSERT ... SELECT generate_series), not through the API.
// Usage: npm run bench:admin   Needs PostgreSQL at TEST_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test). Writes bench/results/admin.json.

import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import type { TaskReportResponse } from '@cogni/domain';
import { sql } from 'drizzle-orm';
import {
  getFreePort,
  type SpawnedServer,
  spawnServer,
} from '../apps/server/src/testing/spawn-server';
import { percentile, ROOT, round1, waitForOk } from './lib';

const USERS = 100;
const RESULTS = 6000;
const TRIALS_PER_RESULT = 168;
/** Results written per INSERT ... SELECT, so progress shows and no statement runs for minutes. */
const RESULTS_PER_STATEMENT = 1000;
const REPORT_WARMUP = 3;
const REPORT_RUNS = 21;
/**
 * The export is also run on a server whose V8 old space is capped at this many MiB: if it
 * finishes, what the export keeps alive is bounded, and any RSS above that under the default
 * heap is garbage V8 had not yet needed to collect.
 */
const CAPPED_HEAP_MIB = 128;
const GOAL_REPORT_MS = 500;
const RSS_SAMPLE_MS = 50;

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
const { createTestDatabase } = await import('../apps/server/src/testing/test-database');

const mib = (kib: number) => round1(kib / 1024);

/** A memory figure of a process from /proc, in KiB (Linux only). */
function readProcKib(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match?.[1]) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]);
}

type Db = Awaited<ReturnType<typeof createTestDatabase>>['db'];

/** ~100 users, 6,000 finished results (every tenth mock) and 168 trials each, by SQL. */
async function seed(db: Db): Promise<void> {
  await db.execute(sql`
    insert into users (id, email, password_hash, first_name, last_name, created_at)
    select md5('user' || g)::uuid::text, 'bench-' || g || '@example.com', 'not-a-hash',
      'Bench', 'User ' || g, now() - interval '1 year'
    from generate_series(1, ${USERS}) g`);
  for (let from = 1; from <= RESULTS; from += RESULTS_PER_STATEMENT) {
    const to = Math.min(RESULTS, from + RESULTS_PER_STATEMENT - 1);
    await db.execute(sql`
      insert into test_sessions (id, user_id, test_type, start_time, device_info, measurement, seed)
      select md5('session' || g)::uuid::text, md5('user' || (1 + g % ${USERS}))::uuid::text,
        'stroopTest', timestamptz '2026-01-01' + g * interval '1 hour',
        jsonb_build_object('type', 'desktop', 'userAgent',
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
          'screenWidth', 1920, 'screenHeight', 1080),
        jsonb_build_object('crossOriginIsolated', true, 'hasElementTiming', true,
          'frameIntervalMs', 16.7, 'inputType', 'keyboard', 'timeOriginMs', 1795000000000,
          'attentionEvents', jsonb_build_array()),
        md5('seed' || g)
      from generate_series(${from}::int, ${to}::int) g`);
    await db.execute(sql`
      insert into test_results (id, user_id, session_id, test_type, start_time, end_time,
        overall_score, total_trials, correct_trials, average_reaction_time, is_mock)
      select md5('result' || g)::uuid::text, md5('user' || (1 + g % ${USERS}))::uuid::text,
        md5('session' || g)::uuid::text, 'stroopTest',
        timestamptz '2026-01-01' + g * interval '1 hour',
        timestamptz '2026-01-01' + g * interval '1 hour' + interval '12 minutes',
        90, 144, 130, 700, g % 10 = 0
      from generate_series(${from}::int, ${to}::int) g`);
    // Position k of 168: sample 0-7, practice 8-23, test 24-167; cue, switch and correct key
    // follow the real rules, answers are 90 % correct with RT 400-1000 ms. Stroop's own fields
    // are one jsonb and a test trial's report cell is written with it, as a save writes them
    // (ADR 027).
    await db.execute(sql`
      insert into trials (result_id, phase, block, trial_number, response, reaction_time,
        is_correct, input_modality, report_cell, fields, start_time, end_time, timing)
      select r.id, p.phase, 0, p.n,
        case when a.ok then p.correct_key else 'G' end,
        a.rt, a.ok or p.correct_key = 'G', 'keyboard',
        case when p.phase = 'test' then
          case when p.is_switch then 'switch' else 'noswitch' end || ', ' || lower(p.cue)
        end,
        jsonb_build_object('cueWord', p.cue, 'stimulusWord', p.word, 'stimulusColor', p.ink,
          'isSwitch', p.is_switch, 'isCongruent', false),
        r.start_time + p.k * interval '3 seconds',
        r.start_time + p.k * interval '3 seconds' + interval '2 seconds',
        jsonb_build_object('cueOnsetMs', 10000 + p.k * 3000, 'stimulusOnsetMs', 11400 + p.k * 3000,
          'responseTimestampMs', 11400 + p.k * 3000 + a.rt, 'onsetMethod', 'element-timing',
          'wasInterrupted', false)
      from test_results r
      cross join (
        select k, n, phase, cue, word, ink, n > 0 and n % 2 = 0 as is_switch,
          upper(left(case when cue = 'Color' then ink else word end, 1)) as correct_key
        from (
          select k,
            case when k < 8 then k when k < 24 then k - 8 else k - 24 end as n,
            case when k < 8 then 'sample' when k < 24 then 'practice' else 'test' end as phase,
            (array['RED', 'GREEN', 'BLUE'])[1 + k % 3] as word,
            (array['green', 'blue', 'red'])[1 + k % 3] as ink
          from generate_series(0, ${TRIALS_PER_RESULT - 1}) k
        ) positions
        cross join lateral (
          select case when (n / 2) % 2 = 0 then 'Color' else 'Word' end as cue
        ) cues
      ) p
      cross join lateral (select random() < 0.9 as ok, 400 + random() * 600 as rt, p.k as dep) a
      where r.id in (select md5('result' || g)::uuid::text from generate_series(${from}::int, ${to}::int) g)`);
    process.stdout.write(`  seeded ${to} of ${RESULTS} results\r`);
  }
  process.stdout.write('\n');
  // What autovacuum would have done on a long-lived database: statistics and visibility map.
  await db.execute(sql`vacuum analyze`);
}

/** Times one GET to its last byte; returns the body as text. */
async function timedGet(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
}

/**
 * Streams a CSV export to its end without keeping it: counts rows and bytes, and samples the
 * server's resident memory meanwhile.
 */
async function streamExport(url: string, headers: Record<string, string>, serverPid: number) {
  let peakRssKib = readProcKib(serverPid, 'VmRSS');
  const sampler = setInterval(() => {
    peakRssKib = Math.max(peakRssKib, readProcKib(serverPid, 'VmRSS'));
  }, RSS_SAMPLE_MS);
  const started = performance.now();
  try {
    const res = await fetch(url, { headers });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    let lines = 0;
    let bytes = 0;
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const buffer = Buffer.from(chunk.value.buffer, chunk.value.byteOffset, chunk.value.length);
      bytes += buffer.length;
      for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) lines++;
    }
    return {
      ms: performance.now() - started,
      rows: lines - 1,
      bytes,
      contentEncoding: res.headers.get('content-encoding') ?? 'identity',
      peakRssKib,
    };
  } finally {
    clearInterval(sampler);
  }
}

const ADMIN = { email: 'admin@example.com', password: 'analytical engine 1843' };

type AdminServer = { server: SpawnedServer; baseUrl: string; pid: number; cookie: string };

/** Starts the real server on the database and logs the admin in (signing them up the first time). */
async function startAdminServer(
  databaseUrl: string,
  db: Db,
  env: Record<string, string> = {},
): Promise<AdminServer> {
  const port = await getFreePort();
  const server = spawnServer({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ...env,
  });
  try {
    const pid = server.child.pid;
    if (!pid) throw new Error('the server has no pid');
    // LOG_LEVEL warn hides the 'listening' line, so wait for the health check instead.
    const baseUrl = `http://localhost:${port}`;
    await waitForOk(`${baseUrl}/api/health`);
    const json = { origin: baseUrl, 'content-type': 'application/json' };
    await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ...ADMIN, firstName: 'Bench', lastName: 'Admin' }),
    });
    await db.execute(sql`update users set role = 'admin' where email = ${ADMIN.email}`);
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify(ADMIN),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (login.status !== 200 || !cookie) throw new Error(`login answered ${login.status}`);
    return { server, baseUrl, pid, cookie };
  } catch (error) {
    await stopServer(server);
    throw error;
  }
}

async function stopServer(server: SpawnedServer | undefined): Promise<void> {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/** Waits until the report has no run awaiting a rescore; returns performance.now() then. */
async function waitForRescore(target: AdminServer): Promise<number> {
  const url = `${target.baseUrl}/api/admin/reports/stroopTest?includeMock=true`;
  for (;;) {
    const reply = await timedGet(url, { cookie: target.cookie });
    if (reply.status !== 200) throw new Error(`report answered ${reply.status}: ${reply.body}`);
    const body = JSON.parse(reply.body) as TaskReportResponse;
    if (body.runsAwaitingRescore === 0) return performance.now();
    process.stdout.write(`  ${body.runsAwaitingRescore} runs to rescore\r`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Median and p95 of the report over HTTP, after a warm-up; checks the trial count it claims. */
async function timeReport(target: AdminServer, query: string, expectedTrials: number) {
  const url = `${target.baseUrl}/api/admin/reports/stroopTest?${query}`;
  const headers = { cookie: target.cookie, 'accept-encoding': 'gzip, deflate, br' };
  for (let i = 0; i < REPORT_WARMUP; i++) await timedGet(url, headers);
  const times: number[] = [];
  let body: TaskReportResponse | undefined;
  for (let i = 0; i < REPORT_RUNS; i++) {
    const reply = await timedGet(url, headers);
    if (reply.status !== 200) throw new Error(`report answered ${reply.status}: ${reply.body}`);
    times.push(reply.ms);
    body = JSON.parse(reply.body) as TaskReportResponse;
  }
  if (body?.totalTrials !== expectedTrials) {
    throw new Error(`report counted ${body?.totalTrials} trials, expected ${expectedTrials}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p95Ms = round1(percentile(sorted, 0.95));
  return {
    runs: REPORT_RUNS,
    medianMs: round1(percentile(sorted, 0.5)),
    p95Ms,
    minMs: round1(sorted[0] ?? Number.NaN),
    maxMs: round1(sorted.at(-1) ?? Number.NaN),
    trialsAggregated: body.totalTrials,
    goalMs: GOAL_REPORT_MS,
    pass: p95Ms < GOAL_REPORT_MS,
  };
}

/** One full CSV export, with its speed and the server's memory before and at its peak. */
async function timeExport(target: AdminServer, acceptEncoding: string, expectedRows: number) {
  const rssBeforeKib = readProcKib(target.pid, 'VmRSS');
  const run = await streamExport(
    `${target.baseUrl}/api/admin/export?format=csv`,
    { cookie: target.cookie, 'accept-encoding': acceptEncoding },
    target.pid,
  );
  if (run.rows !== expectedRows) throw new Error(`export had ${run.rows} rows of ${expectedRows}`);
  return {
    acceptEncoding,
    contentEncoding: run.contentEncoding,
    seconds: round1(run.ms / 1000),
    rows: run.rows,
    rowsPerSecond: Math.round(run.rows / (run.ms / 1000)),
    megabytes: round1(run.bytes / 1024 / 1024),
    serverRssBeforeMiB: mib(rssBeforeKib),
    serverPeakRssMiB: mib(run.peakRssKib),
    serverVmHwmAfterMiB: mib(readProcKib(target.pid, 'VmHWM')),
  };
}

const database = await createTestDatabase('postgres');
let server: SpawnedServer | undefined;
try {
  const databaseUrl = database.url;
  if (!databaseUrl) throw new Error('createTestDatabase gave no URL');
  const seedStarted = performance.now();
  await seed(database.db);
  const seedMs = performance.now() - seedStarted;
  const countRows = (await database.db.execute(
    sql`select count(*)::int as n from trials`,
  )) as unknown as { rows: { n: number }[] };
  const trialCount = countRows.rows[0]?.n ?? 0;
  // The report counts the test trials in a cell: all but trial 0 of each run (ADR 029).
  const testTrials = (trialCount / TRIALS_PER_RESULT) * 143;
  const versionRows = (await database.db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };

  // The default server: what production runs. The seeded runs have no scores of the current
  // version, so its maintenance rescores them all from their trials first (ADR 029): timed
  // here, from the server's start until the report counts every run.
  const rescoreStarted = performance.now();
  const target = await startAdminServer(databaseUrl, database.db);
  server = target.server;
  const rescoreSeconds = round1(((await waitForRescore(target)) - rescoreStarted) / 1000);
  // With includeImplausible=true the report leaves out no runs beyond the mock ones and admin
  // previews (ADR 028; the benchmark has none): the widest query, timed beside the default on
  // the same data.
  const report = {
    'includeMock=true': await timeReport(target, 'includeMock=true', testTrials),
    'includeMock=true&includeImplausible=true': await timeReport(
      target,
      'includeMock=true&includeImplausible=true',
      testTrials,
    ),
    'includeMock=false': await timeReport(target, 'includeMock=false', testTrials * 0.9),
    'includeMock=false&includeImplausible=true': await timeReport(
      target,
      'includeMock=false&includeImplausible=true',
      testTrials * 0.9,
    ),
  };
  const exports = [
    await timeExport(target, 'gzip, deflate, br', trialCount),
    await timeExport(target, 'identity', trialCount),
  ];
  await stopServer(server);

  // The same export with V8's old space capped: proof that memory stays flat.
  const capped = await startAdminServer(databaseUrl, database.db, {
    NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MIB}`,
  });
  server = capped.server;
  const cappedExport = {
    maxOldSpaceMiB: CAPPED_HEAP_MIB,
    ...(await timeExport(capped, 'identity', trialCount)),
  };
  await stopServer(server);

  const cpu = cpus();
  const result = {
    trials: trialCount,
    results: RESULTS,
    users: USERS,
    mockShare: 0.1,
    rescoreSeconds,
    report,
    export: {
      path: '/api/admin/export?format=csv',
      runs: exports,
      cappedHeapRun: cappedExport,
      rssSampleMs: RSS_SAMPLE_MS,
    },
    database: 'postgres',
    postgresVersion: versionRows.rows[0]?.server_version,
    seedSeconds: round1(seedMs / 1000),
    machine: { cpu: cpu[0]?.model ?? 'unknown', cores: cpu.length, node: process.version },
    date: new Date().toISOString(),
  };
  writeFileSync(
    path.join(ROOT, 'bench/results/admin.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  console.error((error as Error).message);
  if (server) console.error(`server output:\n${server.output().slice(-2000)}`);
  process.exitCode = 1;
} finally {
  await stopServer(server);
  await database.close();
}
