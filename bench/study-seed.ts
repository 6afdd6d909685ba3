// The large study the study benchmarks seed on PostgreSQL (bench/study-dashboard.ts,
// bench/study-dataset.ts): a researcher, an admin, a user, one study of nine steps with
// `participants` participants and 20 previews, their Stroop runs and 160 trials a run, all
// written by SQL (INSERT ... SELECT generate_series), not through the API; and the real
// server run as its own process against it.

import { DEFAULT_STUDY_DESIGN, getTask, type StudyContent } from '@cogni/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client';
import { hashContent } from '../apps/server/src/services/studies/study-views';
import {
  getFreePort,
  type SpawnedServer,
  spawnServer,
} from '../apps/server/src/testing/spawn-server';
import { round1, waitForOk } from './lib';

/** Previews beside the participants: never counted, never exported. */
export const PREVIEWS = 20;
/**
 * Participants come in groups of 40 (by id modulo 40): 28 completed, 4 abandoned after the
 * second task, 2 on the demographics, 1 on the second task, 2 on the first, 2 declined and 1
 * only started. Their task steps done make 125 runs per group.
 */
export const runsOf = (participants: number) => (participants / 40) * 125;
export const TRIALS_PER_RUN = 160;
/** Runs written per INSERT ... SELECT of trials, so progress shows and no statement runs for minutes. */
const RUNS_PER_STATEMENT = 1_250;

export const mib = (bytes: number) => round1(bytes / 1024 / 1024);
const stroop = getTask('stroopTest');
const STROOP_CONFIG = stroop.settings.schema.parse({}) as Record<string, unknown>;
const task = (title: string) => ({
  kind: 'task' as const,
  title,
  testType: 'stroopTest' as const,
  config: STROOP_CONFIG,
});
/** Nine steps; the task steps are 2, 3, 5 and 7. */
export const CONTENT: StudyContent = {
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
  language: 'en',
};
export const TASK_STEPS = [2, 3, 5, 7];

/** The ids the seed gives: stable text uuids from a name. */
const idOf = (name: string) => sql.raw(`md5('${name}' || g)::uuid::text`);

/** The researcher, the admin, a user, the study and its participants (and PREVIEWS previews). */
export async function seedStudy(
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
export async function seedRuns(db: Db): Promise<void> {
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
export async function seedTrials(db: Db, runs: number): Promise<void> {
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

export type Target = { server: SpawnedServer; baseUrl: string; pid: number };

export async function startTarget(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<Target> {
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

export async function stopTarget(target: Target | undefined): Promise<void> {
  if (target && target.server.child.exitCode === null) {
    target.server.child.kill('SIGTERM');
    await target.server.exited;
  }
}

/** Samples the server's resident memory until stopped: before, and the peak. */
