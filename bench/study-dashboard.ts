// A study's dashboard and data on PostgreSQL (ADR 040, step e): a study with 10,000
// participants (and 20 previews) whose task runs hold 5,000,000 trials. Times the dashboard
// (goal: median under 500 ms) on its first page, a page of 100 and a deep page of one state;
// streams the study's trials table as CSV (rows per second, the server's peak memory), again
// on a server whose V8 old space is capped, and, for comparison, the admin research export of
// the very same 5,000,000 trials (the runs are handed to a user account for it).
// Runs the real server as its own process on a fresh database; everything is written by SQL
// (INSERT ... SELECT generate_series), not through the API, and the researcher and admin are
// signed in by sessions written to the database.
// Usage: npm run bench:study-dashboard   Needs PostgreSQL at TEST_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test). Writes
// bench/results/<date>-study-dashboard.json (--out to name it otherwise).

import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { StudyDashboard } from '@cogni/domain';
import { sql } from 'drizzle-orm';
import type { TestContext } from '../apps/server/src/testing/test-app';
import { percentile, ROOT, round1 } from './lib';
import { readRssBytes } from './load/process-stats';
import {
  CONTENT,
  mib,
  PREVIEWS,
  runsOf,
  seedRuns,
  seedStudy,
  seedTrials,
  startTarget,
  stopTarget,
  type Target,
  TRIALS_PER_RUN,
} from './study-seed';

const PARTICIPANTS = 10_000;
/** 31,250 runs (bench/study-seed.ts). */
const RUNS = runsOf(PARTICIPANTS);
const WARMUP = 3;
const TIMED_RUNS = 31;
const GOAL_MEDIAN_MS = 500;
const CAPPED_HEAP_MIB = 128;
const RSS_SAMPLE_MS = 50;
const DATE = '2026-11-28';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    /** Skips the capped-heap and admin export runs (for development). */
    quick: { type: 'boolean', default: false },
  },
});

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
// Both read TEST_DATABASE_URL when they are loaded, so they are loaded after it is set.
const { createTestDatabase } = await import('../apps/server/src/testing/test-database');
const { insertSessionCookie } = await import('../apps/server/src/testing/api-fuzz');

async function timeDashboard(target: Target, cookie: string, studyId: string, query: string) {
  const url = `${target.baseUrl}/api/studies/${studyId}/dashboard${query}`;
  const get = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } });
    const text = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`dashboard answered ${res.status}: ${text}`);
    return { ms, body: JSON.parse(text) as StudyDashboard, bytes: text.length };
  };
  for (let i = 0; i < WARMUP; i++) await get();
  const times: number[] = [];
  let last: Awaited<ReturnType<typeof get>> | undefined;
  for (let i = 0; i < TIMED_RUNS; i++) {
    last = await get();
    times.push(last.ms);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const medianMs = round1(percentile(sorted, 0.5));
  return {
    query: query || '(first page, 25 rows)',
    runs: TIMED_RUNS,
    medianMs,
    p95Ms: round1(percentile(sorted, 0.95)),
    minMs: round1(sorted[0] ?? Number.NaN),
    maxMs: round1(sorted.at(-1) ?? Number.NaN),
    rows: last?.body.participants.rows.length,
    jsonBytes: last?.bytes,
    goalMedianMs: GOAL_MEDIAN_MS,
    pass: medianMs < GOAL_MEDIAN_MS,
    body: last?.body,
  };
}

/**
 * Streams a CSV download to its end without keeping it: rows, bytes, speed, and the server's
 * resident memory before and at its peak (sampled every RSS_SAMPLE_MS).
 */
async function timeDownload(target: Target, cookie: string, urlPath: string) {
  const rssBefore = readRssBytes(target.pid);
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, readRssBytes(target.pid));
  }, RSS_SAMPLE_MS);
  const started = performance.now();
  try {
    const res = await fetch(`${target.baseUrl}${urlPath}`, {
      headers: { cookie, 'accept-encoding': 'identity' },
    });
    if (res.status !== 200 || !res.body) throw new Error(`${urlPath} answered ${res.status}`);
    let lines = 0;
    let bytes = 0;
    const reader = res.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const chunk = read.value;
      bytes += chunk.length;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      path: urlPath,
      rows: lines - 1,
      seconds: round1(seconds),
      rowsPerSecond: Math.round((lines - 1) / seconds),
      megabytes: mib(bytes),
      serverRssBeforeMiB: mib(rssBefore),
      serverPeakRssMiB: mib(peak),
      serverRssGrowthMiB: mib(peak - rssBefore),
    };
  } finally {
    clearInterval(sampler);
  }
}

const database = await createTestDatabase('postgres');
let target: Target | undefined;
try {
  const databaseUrl = database.url;
  if (!databaseUrl) throw new Error('createTestDatabase gave no URL');
  const db = database.db;
  const seedStarted = performance.now();
  const { studyId, researcher, admin } = await seedStudy(db, PARTICIPANTS);
  await seedRuns(db);
  await seedTrials(db, RUNS);
  const seedSeconds = round1((performance.now() - seedStarted) / 1000);
  const analyzeStarted = performance.now();
  // What autovacuum would have done on a long-lived database: statistics and visibility map.
  await db.execute(sql`vacuum analyze`);
  const vacuumSeconds = round1((performance.now() - analyzeStarted) / 1000);
  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n);
  const trialCount = await count(sql`select count(*)::int as n from trials`);
  const runCount = await count(sql`select count(*)::int as n from test_results`);
  const participantCount = await count(
    sql`select count(*)::int as n from study_participants where not is_preview`,
  );
  if (trialCount !== RUNS * TRIALS_PER_RUN || runCount !== RUNS) {
    throw new Error(`seeded ${runCount} runs and ${trialCount} trials`);
  }
  const versionRows = (await db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  console.log(`seeded ${participantCount} participants, ${trialCount} trials in ${seedSeconds} s`);

  // The tests' session writer, on the bench's database at the real time.
  const sessions = { database, clock: { offsetMs: 0 } } as TestContext;
  const researcherCookie = await insertSessionCookie(sessions, researcher);
  const adminCookie = await insertSessionCookie(sessions, admin);
  target = await startTarget(databaseUrl);
  const loadBefore = loadavg();
  const dashboard = [
    await timeDashboard(target, researcherCookie, studyId, ''),
    await timeDashboard(target, researcherCookie, studyId, '?pageSize=100'),
    await timeDashboard(target, researcherCookie, studyId, '?state=completed&page=250&pageSize=25'),
  ];
  const first = dashboard[0]?.body;
  const counted = Object.values(first?.counts ?? {}).reduce((sum, n) => sum + n, 0);
  if (counted !== PARTICIPANTS) throw new Error(`the dashboard counted ${counted} participants`);
  const participantsTable = await timeDownload(
    target,
    researcherCookie,
    `/api/studies/${studyId}/export?format=csv&table=participants`,
  );
  const studyExport = await timeDownload(
    target,
    researcherCookie,
    `/api/studies/${studyId}/export?format=csv&table=trials`,
  );
  if (studyExport.rows !== trialCount) throw new Error(`study export had ${studyExport.rows} rows`);
  await stopTarget(target);

  let cappedStudyExport: Awaited<ReturnType<typeof timeDownload>> | null = null;
  let adminExport: Awaited<ReturnType<typeof timeDownload>> | null = null;
  if (!args.quick) {
    target = await startTarget(databaseUrl, {
      NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MIB}`,
    });
    cappedStudyExport = await timeDownload(
      target,
      researcherCookie,
      `/api/studies/${studyId}/export?format=csv&table=trials`,
    );
    await stopTarget(target);

    // The same runs handed to a user: the admin research export reads exactly these trials.
    await db.execute(sql`
      update test_results set user_id = md5('user')::uuid::text, participant_id = null`);
    await db.execute(sql`
      update test_sessions set user_id = md5('user')::uuid::text, participant_id = null`);
    await db.execute(sql`vacuum analyze test_results, test_sessions`);
    target = await startTarget(databaseUrl);
    adminExport = await timeDownload(
      target,
      adminCookie,
      '/api/admin/export?format=csv&includeImplausible=true&includePreview=true',
    );
    if (adminExport.rows !== trialCount) {
      throw new Error(`admin export had ${adminExport.rows} rows`);
    }
    await stopTarget(target);
  }

  const cpu = cpus();
  const result = {
    date: DATE,
    participants: participantCount,
    previews: PREVIEWS,
    runs: runCount,
    trials: trialCount,
    steps: CONTENT.steps.length,
    dashboard: dashboard.map(({ body: _body, ...timing }) => timing),
    dashboardFirstPage: first && {
      counts: first.counts,
      funnel: first.funnel.map((f) => f.reached),
      stepTimesMedianMs: first.stepTimes.map((s) =>
        s.medianMs === null ? null : round1(s.medianMs),
      ),
    },
    exports: {
      participantsTable,
      studyTrials: studyExport,
      studyTrialsCappedHeap: cappedStudyExport && {
        maxOldSpaceMiB: CAPPED_HEAP_MIB,
        ...cappedStudyExport,
      },
      adminResearchExportSameTrials: adminExport,
      rssSampleMs: RSS_SAMPLE_MS,
    },
    seedSeconds,
    vacuumAnalyzeSeconds: vacuumSeconds,
    database: 'postgres',
    postgresVersion: versionRows.rows[0]?.server_version,
    machine: {
      cpu: cpu[0]?.model ?? 'unknown',
      cores: cpu.length,
      memoryGiB: round1(totalmem() / 1024 ** 3),
      node: process.version,
      loadAverageBeforeTiming: loadBefore.map(round1),
    },
    finishedAt: new Date().toISOString(),
  };
  const out = args.out ?? path.join(ROOT, `bench/results/${DATE}-study-dashboard.json`);
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  console.error((error as Error).message);
  if (target) console.error(`server output:\n${target.server.output().slice(-2000)}`);
  process.exitCode = 1;
} finally {
  await stopTarget(target);
  await database.close();
}
