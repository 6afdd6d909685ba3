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
import {
  DEFAULT_STUDY_DESIGN,
  getTask,
  type StudyContent,
  type StudyDashboard,
} from '@cogni/domain';
import { sql } from 'drizzle-orm';
import { hashContent } from '../apps/server/src/services/studies/study-views';
import {
  getFreePort,
  type SpawnedServer,
  spawnServer,
} from '../apps/server/src/testing/spawn-server';
import type { TestContext } from '../apps/server/src/testing/test-app';
import { percentile, ROOT, round1, waitForOk } from './lib';
import { readRssBytes } from './load/process-stats';

const PARTICIPANTS = 10_000;
const PREVIEWS = 20;
/**
 * Participants come in groups of 40 (by id modulo 40): 28 completed, 4 abandoned after the
 * second task, 2 on the demographics, 1 on the second task, 2 on the first, 2 declined and 1
 * only started. Their task steps done make 125 runs per group, 31,250 in all.
 */
const RUNS = 31_250;
const TRIALS_PER_RUN = 160;
/** Runs written per INSERT ... SELECT of trials, so progress shows and no statement runs for minutes. */
const RUNS_PER_STATEMENT = 1_250;
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

/** The researcher, the admin, a user to hand the runs to, the study and its 10,020 participants. */
async function seedStudy(db: Db): Promise<{ studyId: string; researcher: string; admin: string }> {
  await db.execute(sql`
    insert into users (id, email, password_hash, first_name, last_name, role)
    values (md5('researcher')::uuid::text, 'researcher@example.com', 'not-a-hash', 'Bench', 'Researcher', 'researcher'),
      (md5('admin')::uuid::text, 'admin@example.com', 'not-a-hash', 'Bench', 'Admin', 'admin'),
      (md5('user')::uuid::text, 'user@example.com', 'not-a-hash', 'Bench', 'User', 'user')`);
  await db.execute(sql`
    insert into studies (id, owner_id, code, name, state, captured_params, completion_code)
    values (md5('study')::uuid::text, md5('researcher')::uuid::text, 'benchstudy23', 'Bench study',
      'open', array['PROLIFIC_PID', 'STUDY_ID'], 'C0FFEE')`);
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
      select g, g > ${PARTICIPANTS} as is_preview,
        now() - interval '15 days' + g * interval '2 minutes' as started_at,
        case when g > ${PARTICIPANTS} then g % 9
          when g % 40 < 28 then 9 when g % 40 < 32 then 5 when g % 40 < 34 then 4
          when g % 40 < 35 then 3 when g % 40 < 37 then 2 else 0 end as steps_done,
        case when g > ${PARTICIPANTS} then 'consented'
          when g % 40 < 28 then 'completed' when g % 40 < 32 then 'abandoned'
          when g % 40 < 37 then 'consented' when g % 40 < 39 then 'declined' else 'started' end as state
      from generate_series(1, ${PARTICIPANTS + PREVIEWS}) g
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
  // Each participant's panel id, kept apart from the data (ADR 041), as a start writes it.
  await db.execute(sql`
    insert into study_participant_params (participant_id, study_id, name, value, is_panel_id)
    select id, study_id, 'PROLIFIC_PID', md5('pid' || id), not is_preview
    from study_participants where study_id = md5('study')::uuid::text`);
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
async function seedTrials(db: Db): Promise<void> {
  for (let from = 0; from < RUNS; from += RUNS_PER_STATEMENT) {
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
      `  trials of ${Math.min(RUNS, from + RUNS_PER_STATEMENT)} of ${RUNS} runs\r`,
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

/** Median, p95 and the spread of one dashboard query over HTTP, after a warm-up. */
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
  const { studyId, researcher, admin } = await seedStudy(db);
  await seedRuns(db);
  await seedTrials(db);
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
