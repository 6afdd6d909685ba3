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
import {
  DEFAULT_STUDY_DESIGN,
  getTask,
  type StudyContent,
  type StudyExportCounts,
  type StudyExportJob,
} from '@cogni/domain';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { hashContent } from '../apps/server/src/services/studies/study-views';
import { checkPsychDs } from '../apps/server/src/testing/psych-ds-rules';
import {
  getFreePort,
  type SpawnedServer,
  spawnServer,
} from '../apps/server/src/testing/spawn-server';
import type { TestContext } from '../apps/server/src/testing/test-app';
import { ROOT, round1, waitForOk } from './lib';
import { readRssBytes } from './load/process-stats';

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    /** A smaller study, whose zip is also checked against the Psych-DS rules. */
    quick: { type: 'boolean', default: false },
  },
});

const PARTICIPANTS = args.quick ? 800 : 10_000;
const PREVIEWS = 20;
/** 125 runs per 40 participants (their task steps done), as in the dashboard bench. */
const RUNS = (PARTICIPANTS / 40) * 125;
const TRIALS_PER_RUN = 160;
/** Runs written per INSERT ... SELECT of trials, so progress shows and no statement runs for minutes. */
const RUNS_PER_STATEMENT = 1_250;
const RSS_SAMPLE_MS = 50;
const JOB_POLL_MS = 500;
const CAPPED_HEAP_MIB = 128;
const DATE = '2026-11-29';

process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/test';
// Both read TEST_DATABASE_URL when they are loaded, so they are loaded after it is set.
const { createTestDatabase } = await import('../apps/server/src/testing/test-database');
const { insertSessionCookie } = await import('../apps/server/src/testing/api-fuzz');
type Db = Awaited<ReturnType<typeof createTestDatabase>>['db'];

const mib = (bytes: number) => round1(bytes / 1024 / 1024);
const stroop = getTask('stroopTest');
const STROOP_CONFIG = stroop.settings.schema.parse({}) as Record<string, unknown>;
const task = (title: string) => ({
  kind: 'task' as const,
  title,
  testType: 'stroopTest' as const,
  config: STROOP_CONFIG,
});
/** Nine steps; the task steps are 2, 3, 5 and 7. */
const CONTENT: StudyContent = {
  title: 'Attention battery',
  description: 'Four short tasks.',
  steps: [
    { kind: 'consent', title: 'Consent', text: 'You may stop at any time.' },
    { kind: 'info', title: 'Before you start', text: 'Sit somewhere quiet.' },
    task('Colours 1'),
    task('Colours 2'),
    { kind: 'demographics', title: 'About you', questions: ['age', 'handedness'] },
    task('Colours 3'),
    { kind: 'break', title: 'A break', text: 'Rest a moment.', minSeconds: 0 },
    task('Colours 4'),
    { kind: 'debrief', title: 'Thank you', text: 'The study measures attention.' },
  ],
  design: DEFAULT_STUDY_DESIGN,
};
const TASK_STEPS = [2, 3, 5, 7];

/** The ids the seed gives: stable text uuids from a name. */
const idOf = (name: string) => sql.raw(`md5('${name}' || g)::uuid::text`);

/** The researcher, the admin, a user, the study and its participants (and PREVIEWS previews). */
async function seedStudy(
  db: Db,
  participants: number,
): Promise<{ studyId: string; researcher: string; admin: string }> {
  await db.execute(sql`
    insert into users (id, email, password_hash, first_name, last_name, role)
    values (md5('researcher')::uuid::text, 'researcher@example.com', 'not-a-hash', 'Bench', 'Researcher', 'researcher'),
      (md5('admin')::uuid::text, 'admin@example.com', 'not-a-hash', 'Bench', 'Admin', 'admin'),
      (md5('user')::uuid::text, 'user@example.com', 'not-a-hash', 'Bench', 'User', 'user')`);
  await db.execute(sql`
    insert into studies (id, owner_id, code, name, state, captured_params, completion_code, dataset)
    values (md5('study')::uuid::text, md5('researcher')::uuid::text, 'benchstudy23', 'Bench study',
      'open', array['PROLIFIC_PID', 'STUDY_ID'], 'C0FFEE',
      '{"authors": ["Bench Researcher"], "license": "CC-BY-4.0", "keywords": ["attention"]}'::jsonb)`);
  const hash = hashContent(CONTENT);
  await db.execute(sql`
    insert into study_versions (id, study_id, number, content, content_hash, first_started_at)
    values (md5('version')::uuid::text, md5('study')::uuid::text, 1, ${JSON.stringify(CONTENT)}::jsonb,
      ${hash}, now() - interval '30 days')`);
  // Steps are done 3 minutes apart, each within a minute of its mark; participants start two
  // minutes apart over the last fortnight. Those still taking part were seen just now, so the
  // server's maintenance leaves them as they are.
  await db.execute(sql`
    with seeded as (
      select g, g > ${participants} as is_preview,
        now() - interval '15 days' + g * interval '2 minutes' as started_at,
        case when g > ${participants} then g % 9
          when g % 40 < 28 then 9 when g % 40 < 32 then 5 when g % 40 < 34 then 4
          when g % 40 < 35 then 3 when g % 40 < 37 then 2 else 0 end as steps_done,
        case when g > ${participants} then 'consented'
          when g % 40 < 28 then 'completed' when g % 40 < 32 then 'abandoned'
          when g % 40 < 37 then 'consented' when g % 40 < 39 then 'declined' else 'started' end as state
      from generate_series(1, ${participants + PREVIEWS}) g
    ), timed as (
      select seeded.*,
        array(select started_at + k * interval '3 minutes' + random() * interval '1 minute'
          from generate_series(1, steps_done) k) as steps_done_at
      from seeded
    )
    insert into study_participants (id, study_id, version_id, state, steps_done,
      consent_hash, consented_at, demographics, is_preview, excluded, started_at, last_seen_at,
      finished_at, steps_done_at)
    select ${idOf('participant')}, md5('study')::uuid::text, md5('version')::uuid::text, state,
      steps_done,
      case when steps_done > 0 then ${hash} end, steps_done_at[1],
      case when steps_done > 4 then jsonb_build_object('age', 18 + g % 50, 'handedness', 'right')
        else '{}'::jsonb end,
      is_preview, not is_preview and g % 97 = 0, started_at,
      case when state in ('started', 'consented') then now()
        else coalesce(steps_done_at[steps_done], started_at) + interval '5 seconds' end,
      case when state in ('completed', 'declined')
        then coalesce(steps_done_at[steps_done], started_at) + interval '5 seconds' end,
      steps_done_at
    from timed`);
  return {
    studyId: await oneText(db, sql`select md5('study')::uuid::text as v`),
    researcher: await oneText(db, sql`select md5('researcher')::uuid::text as v`),
    admin: await oneText(db, sql`select md5('admin')::uuid::text as v`),
  };
}

async function oneText(db: Db, query: ReturnType<typeof sql>): Promise<string> {
  const result = (await db.execute(query)) as unknown as { rows: { v: string }[] };
  return result.rows[0]?.v ?? '';
}

/**
 * A finished run (session and result) of each task step a participant did, scored at Stroop's
 * current version so the server's maintenance does not rescore them; one run in a hundred is
 * implausible, and some sessions kept a hidden page or a blurred window.
 */
async function seedRuns(db: Db): Promise<void> {
  const runs = sql`
    select p.id as participant_id, s.step, md5('run' || p.id || s.step)::uuid::text as id,
      md5('session' || p.id || s.step)::uuid::text as session_id,
      p.started_at + s.step * interval '3 minutes' + interval '70 seconds' as start_time,
      hashtext(p.id || s.step) as h
    from study_participants p cross join unnest(array[${sql.raw(TASK_STEPS.join(','))}]) s(step)
    where not p.is_preview and s.step < p.steps_done`;
  await db.execute(sql`
    insert into test_sessions (id, participant_id, test_type, start_time, device_info, measurement, seed, config)
    select r.session_id, r.participant_id, 'stroopTest', r.start_time,
      jsonb_build_object('type', 'desktop', 'userAgent',
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
        'screenWidth', 1920, 'screenHeight', 1080),
      jsonb_build_object('crossOriginIsolated', true, 'hasElementTiming', true,
        'frameIntervalMs', 16.7, 'inputType', 'keyboard', 'timeOriginMs', 1795000000000,
        'attentionEvents', case
          when r.h % 10 = 0 then '[{"type":"hidden","atMs":5000},{"type":"visible","atMs":9000}]'::jsonb
          when r.h % 7 = 0 then '[{"type":"blur","atMs":5000},{"type":"focus","atMs":6000}]'::jsonb
          else '[]'::jsonb end),
      md5('seed' || r.id), ${JSON.stringify(STROOP_CONFIG)}::jsonb
    from (${runs}) r`);
  await db.execute(sql`
    insert into test_results (id, participant_id, study_step, session_id, test_type, start_time,
      end_time, overall_score, total_trials, correct_trials, average_reaction_time,
      scoring_version, implausible_reason)
    select r.id, r.participant_id, r.step, r.session_id, 'stroopTest', r.start_time,
      r.start_time + interval '90 seconds', 90, ${TRIALS_PER_RUN}, 144, 700,
      ${stroop.scoringVersion}, case when r.h % 100 = 1 then 'bench: too fast' end
    from (${runs}) r`);
}

/** 160 trials of each run, a statement per RUNS_PER_STATEMENT runs. */
async function seedTrials(db: Db, runs: number): Promise<void> {
  for (let from = 0; from < runs; from += RUNS_PER_STATEMENT) {
    await db.execute(sql`
      insert into trials (result_id, phase, block, trial_number, response, reaction_time,
        is_correct, input_modality, report_cell, fields, start_time, end_time, timing)
      select r.id, p.phase, 0, p.n, case when ok then 'R' else 'G' end, rt, ok, 'keyboard',
        case when p.phase = 'test' then 'noswitch, color' end,
        jsonb_build_object('cueWord', 'Color', 'stimulusWord', 'RED', 'stimulusColor', 'green',
          'isSwitch', false, 'isCongruent', false),
        r.start_time + p.k * interval '500 milliseconds',
        r.start_time + p.k * interval '500 milliseconds' + rt * interval '1 millisecond',
        jsonb_build_object('cueOnsetMs', 10000 + p.k * 500, 'stimulusOnsetMs', 10200 + p.k * 500,
          'responseTimestampMs', 10200 + p.k * 500 + rt, 'onsetMethod', 'element-timing',
          'wasInterrupted', false)
      from (select id, start_time from test_results order by id offset ${from} limit ${RUNS_PER_STATEMENT}) r
      cross join (
        select k, case when k < 8 then 'sample' when k < 24 then 'practice' else 'test' end as phase,
          case when k < 8 then k when k < 24 then k - 8 else k - 24 end as n
        from generate_series(0, ${TRIALS_PER_RUN - 1}) k
      ) p
      cross join lateral (select random() < 0.9 as ok, 400 + random() * 600 as rt, p.k as dep) a`);
    process.stdout.write(
      `  trials of ${Math.min(runs, from + RUNS_PER_STATEMENT)} of ${runs} runs\r`,
    );
  }
  process.stdout.write('\n');
}

type Target = { server: SpawnedServer; baseUrl: string; pid: number };

async function startTarget(databaseUrl: string, env: Record<string, string> = {}): Promise<Target> {
  const port = await getFreePort();
  const server = spawnServer({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ...env,
  });
  const pid = server.child.pid;
  if (!pid) throw new Error('the server has no pid');
  const baseUrl = `http://localhost:${port}`;
  // LOG_LEVEL warn hides the 'listening' line, so wait for the health check instead.
  await waitForOk(`${baseUrl}/api/health`);
  return { server, baseUrl, pid };
}

async function stopTarget(target: Target | undefined): Promise<void> {
  if (target && target.server.child.exitCode === null) {
    target.server.child.kill('SIGTERM');
    await target.server.exited;
  }
}

/** Samples the server's resident memory until stopped: before, and the peak. */
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
