// The Psych-DS dataset of a large study (ADR 041, step f) on PostgreSQL: the study of
// bench/study-dashboard.ts (10,000 participants and 20 previews, 5,000,000 Stroop trials; with
// --quick 800 participants, 400,000 trials), seeded the same way by SQL. Times the row counts,
// streams GET /api/studies/:id/dataset to its end (rows per second, zip bytes, the server's
// resident memory before and at its peak), then runs the same export as a background job
// (POST /export-jobs, polled until done) and downloads its file. With --quick the zip is
// unpacked and checked against the Psych-DS rules (testing/psych-ds-rules.ts).
// Usage: npm run bench:study-dataset [-- --quick]   Needs PostgreSQL at TEST_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/test). Writes
// bench/results/<date>-study-dataset[-quick].json (--out to name it otherwise).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { StudyExportCounts, StudyExportJob } from '@cogni/domain';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { checkPsychDs } from '../apps/server/src/testing/psych-ds-rules';
import type { TestContext } from '../apps/server/src/testing/test-app';
import { ROOT, round1 } from './lib';
import { readRssBytes } from './load/process-stats';
import {
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

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    /** A smaller study, whose zip is also checked against the Psych-DS rules. */
    quick: { type: 'boolean', default: false },
  },
});

const PARTICIPANTS = args.quick ? 800 : 10_000;
const RUNS = runsOf(PARTICIPANTS);
const RSS_SAMPLE_MS = 50;
const JOB_POLL_MS = 500;
const CAPPED_HEAP_MIB = 128;
const DATE = '2026-11-29';

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
// Both read TEST_DATABASE_URL when they are loaded, so they are loaded after it is set.
const { createTestDatabase } = await import('../apps/server/src/testing/test-database');
const { insertSessionCookie } = await import('../apps/server/src/testing/api-fuzz');

function sampleRss(pid: number) {
  const before = readRssBytes(pid);
  let peak = before;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readRssBytes(pid));
    } catch {
      // The server has exited; what follows reports why.
      clearInterval(timer);
    }
  }, RSS_SAMPLE_MS);
  return () => {
    clearInterval(timer);
    return {
      serverRssBeforeMiB: mib(before),
      serverPeakRssMiB: mib(peak),
      serverRssGrowthMiB: mib(peak - before),
    };
  };
}

/** Reads a download to its end: its bytes (kept only with `keep`) and how long it took. */
async function download(target: Target, cookie: string, urlPath: string, keep: boolean) {
  const started = performance.now();
  const res = await fetch(`${target.baseUrl}${urlPath}`, {
    headers: { cookie, 'accept-encoding': 'identity' },
  });
  if (res.status !== 200 || !res.body) throw new Error(`${urlPath} answered ${res.status}`);
  const kept: Uint8Array[] = [];
  let bytes = 0;
  const reader = res.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    bytes += read.value.length;
    if (keep) kept.push(read.value);
  }
  const seconds = (performance.now() - started) / 1000;
  return { seconds, bytes, body: keep ? Buffer.concat(kept) : null };
}

const database = await createTestDatabase('postgres');
const exportDir = mkdtempSync(path.join(tmpdir(), 'cogni-bench-exports-'));
let target: Target | undefined;
try {
  const databaseUrl = database.url;
  if (!databaseUrl) throw new Error('createTestDatabase gave no URL');
  const db = database.db;
  const seedStarted = performance.now();
  const { studyId, researcher } = await seedStudy(db, PARTICIPANTS);
  await seedRuns(db);
  await seedTrials(db, RUNS);
  const seedSeconds = round1((performance.now() - seedStarted) / 1000);
  await db.execute(sql`vacuum analyze`);
  const versionRows = (await db.execute(sql`show server_version`)) as unknown as {
    rows: { server_version: string }[];
  };
  const sessions = { database, clock: { offsetMs: 0 } } as TestContext;
  const cookie = await insertSessionCookie(sessions, researcher);
  target = await startTarget(databaseUrl, { EXPORT_DIR: exportDir });
  const loadBefore = loadavg();

  const countsStarted = performance.now();
  const countsRes = await fetch(`${target.baseUrl}/api/studies/${studyId}/export/counts`, {
    headers: { cookie },
  });
  const counts = (await countsRes.json()) as StudyExportCounts;
  const countsMs = round1(performance.now() - countsStarted);
  const rows = counts.trials + counts.participants;
  if (counts.trials !== RUNS * TRIALS_PER_RUN) throw new Error(`counted ${counts.trials} trials`);
  console.log(
    `seeded ${counts.participants} participants, ${counts.trials} trials in ${seedSeconds} s`,
  );

  // The streamed download.
  const streamedRss = sampleRss(target.pid);
  const streamed = await download(target, cookie, `/api/studies/${studyId}/dataset`, args.quick);
  const streamedMemory = streamedRss();
  let issues: ReturnType<typeof checkPsychDs> | null = null;
  if (streamed.body) {
    const files = unzipSync(streamed.body);
    issues = checkPsychDs(files);
    const lines = Object.entries(files)
      .filter(([name]) => name.startsWith('data/'))
      .reduce((sum, [, bytes]) => sum + bytes.filter((byte) => byte === 10).length - 1, 0);
    if (lines !== rows) throw new Error(`the zip holds ${lines} rows, not ${rows}`);
  }
  console.log(`streamed ${rows} rows in ${round1(streamed.seconds)} s`);

  // The background job.
  const jobRss = sampleRss(target.pid);
  const jobStarted = performance.now();
  const jobsUrl = `${target.baseUrl}/api/studies/${studyId}/export-jobs`;
  const post = () =>
    fetch(jobsUrl, {
      method: 'POST',
      headers: { cookie, origin: target?.baseUrl ?? '', 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'psych-ds' }),
    });
  // A keep-alive connection the server closed while the zip was checked fails the first
  // request on it; the job is then not made, and the request is sent again.
  const created = await post().catch(post);
  if (created.status !== 201) throw new Error(`the job answered ${created.status}`);
  const { job: made } = (await created.json()) as { job: StudyExportJob };
  let job = made;
  const progress: { seconds: number; rowsDone: number }[] = [];
  while (job.state === 'queued' || job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
    const listed = await fetch(`${target.baseUrl}/api/studies/${studyId}/export-jobs`, {
      headers: { cookie },
    });
    const { jobs } = (await listed.json()) as { jobs: StudyExportJob[] };
    job = jobs.find((candidate) => candidate.id === made.id) ?? job;
    progress.push({
      seconds: round1((performance.now() - jobStarted) / 1000),
      rowsDone: job.rowsDone,
    });
  }
  const jobSeconds = (performance.now() - jobStarted) / 1000;
  const jobMemory = jobRss();
  if (job.state !== 'done') throw new Error(`the job ended ${job.state}: ${job.error}`);
  const fileDownload = await download(
    target,
    cookie,
    `/api/studies/${studyId}/export-jobs/${job.id}/file`,
    false,
  );
  await stopTarget(target);

  // The streamed download again, on a server whose V8 old space is capped: memory stays flat.
  target = await startTarget(databaseUrl, {
    EXPORT_DIR: exportDir,
    NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MIB}`,
  });
  const cappedRss = sampleRss(target.pid);
  const capped = await download(target, cookie, `/api/studies/${studyId}/dataset`, false);
  const cappedMemory = cappedRss();
  // The same rows; only the export time in dataset_description.json differs.
  if (Math.abs(capped.bytes - streamed.bytes) > 1_000) {
    throw new Error(`the capped server’s zip has ${capped.bytes} bytes, not ${streamed.bytes}`);
  }
  await stopTarget(target);

  const cpu = cpus();
  const result = {
    date: DATE,
    mode: args.quick ? 'quick' : 'full',
    participants: counts.participants,
    previews: PREVIEWS,
    trials: counts.trials,
    files: counts.files,
    countsMs,
    streamedDataset: {
      rows,
      seconds: round1(streamed.seconds),
      rowsPerSecond: Math.round(rows / streamed.seconds),
      zipMiB: mib(streamed.bytes),
      ...streamedMemory,
      psychDsIssues: issues,
    },
    streamedDatasetCappedHeap: {
      maxOldSpaceMiB: CAPPED_HEAP_MIB,
      seconds: round1(capped.seconds),
      rowsPerSecond: Math.round(rows / capped.seconds),
      ...cappedMemory,
    },
    backgroundJob: {
      rowsTotal: job.rowsTotal,
      rowsDone: job.rowsDone,
      seconds: round1(jobSeconds),
      rowsPerSecond: Math.round(job.rowsDone / jobSeconds),
      zipMiB: mib(job.bytes ?? 0),
      ...jobMemory,
      progressPolls: progress.length,
      progressSample: progress.filter(
        (_, i) => i % Math.max(1, Math.ceil(progress.length / 10)) === 0,
      ),
      fileDownloadSeconds: round1(fileDownload.seconds),
      fileDownloadMiB: mib(fileDownload.bytes),
    },
    rssSampleMs: RSS_SAMPLE_MS,
    seedSeconds,
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
  const out =
    args.out ??
    path.join(ROOT, `bench/results/${DATE}-study-dataset${args.quick ? '-quick' : ''}.json`);
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} catch (error) {
  console.error((error as Error).message, (error as Error).cause ?? '');
  if (target) {
    console.error(
      `server (exit ${target.server.child.exitCode}, signal ${target.server.child.signalCode}) output:\n${target.server.output().slice(-4000)}`,
    );
  }
  process.exitCode = 1;
} finally {
  await stopTarget(target);
  await database.close();
  rmSync(exportDir, { recursive: true, force: true });
}
