import type {
  AdminResultListResponse,
  AdminResultTrialsResponse,
  ProgressResponse,
  Run,
  TaskReportResponse,
  TrialEnvelope,
} from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, testResults, trials } from '../db/schema';
import { closeAbandonedRuns } from '../services/results/close-abandoned-runs';
import { rememberRun } from '../services/results/run-facts';
import { signUpAdmin, userIdOf } from '../testing/admin-fixtures';
import { fixtureRun, START_RUN } from '../testing/fixture-run';
import { finishRunAtHumanPace, saveTrialsAtHumanPace } from '../testing/human-pace';
import { parseCsv } from '../testing/parse-csv';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

const trialPath = (resultId: string, trial: Pick<TrialEnvelope, 'phase' | 'trialNumber'>) =>
  `/api/results/${resultId}/trials/${trial.phase}/${trial.trialNumber}`;

const HOUR_MS = 60 * 60 * 1000;

/** A Stroop run's settings, as the API returns them. */
const configOf = (run: Run): stroop.Config => stroop.ConfigSchema.parse(run.config);

describe.each(TEST_DATABASE_KINDS)('run integrity on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
  });
  afterAll(() => t.close());

  async function start(client: TestClient): Promise<Run> {
    const res = await client.post<{ run: Run }>('/api/results', START_RUN);
    expect(res.status).toBe(201);
    return res.body.run;
  }
  const save = (client: TestClient, run: Run, trial: TrialEnvelope) =>
    client.request('PUT', trialPath(run.id, trial), { body: trial });
  const resultOf = async (id: string) => {
    const [row] = await t.database.db.select().from(testResults).where(eq(testResults.id, id));
    return row;
  };
  const rowsOf = (resultId: string) =>
    t.database.db.select().from(trials).where(eq(trials.resultId, resultId));
  /** The first sample trial of the run, answered correctly after `reactionTime` ms. */
  function firstTrial(run: Run, reactionTime = 500): stroop.TrialInput {
    const [planned] = stroop.planPhase(run.seed, 'sample', configOf(run));
    if (!planned) throw new Error('no plan');
    return stroop.answerTrial(planned, planned.correctKey, reactionTime);
  }
  const listIds = async (query: string) =>
    (await admin.get<AdminResultListResponse>(`/api/admin/results?pageSize=100&${query}`)).body
      .results;
  const reportTrials = async (query: string) =>
    (await admin.get<TaskReportResponse>(`/api/admin/reports/stroopTest?${query}`)).body
      .totalTrials;
  const exportedResultIds = async (query: string) => {
    const csv = parseCsv((await admin.get<string>(`/api/admin/export?format=csv&${query}`)).body);
    const column = csv[0]?.indexOf('result_id') ?? -1;
    return new Set(csv.slice(1).map((row) => row[column]));
  };

  it('refuses a trial whose reaction time is not its response minus its stimulus onset', async () => {
    const ada = await t.signUp({ email: 'forger@example.com' });
    const run = await start(ada);
    const genuine = firstTrial(run);
    // The forged record of the review: 0.001 ms claimed, the response 5 s after the onset.
    const forged: stroop.TrialInput = {
      ...genuine,
      reactionTime: 0.001,
      timing: {
        ...genuine.timing,
        responseTimestampMs: genuine.timing.stimulusOnsetMs + 5000,
      },
    };
    const res = await save(ada, run, forged);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(
      /reactionTime must be timing.responseTimestampMs minus timing.stimulusOnsetMs/,
    );
    expect(await rowsOf(run.id)).toHaveLength(0);
    // The genuine record of the same trial is taken.
    expect((await save(ada, run, genuine)).status).toBe(201);
  });

  it('keeps a stimulus shown well before the cue was up, flagged, and a late one as it is', async () => {
    const ada = await t.signUp({ email: 'cue@example.com' });
    const run = await start(ada);
    const trial = firstTrial(run);
    const at = (cueShownMs: number): stroop.TrialInput => {
      const stimulusOnsetMs = trial.timing.cueOnsetMs + cueShownMs;
      return {
        ...trial,
        timing: {
          ...trial.timing,
          stimulusOnsetMs,
          responseTimestampMs: stimulusOnsetMs + trial.reactionTime,
        },
      };
    };
    expect((await save(ada, run, at(configOf(run).cueDurationMs - 60))).status).toBe(201);
    expect((await rowsOf(run.id)).map((row) => row.flags)).toEqual([['short-cue']]);
    await t.database.db.delete(trials).where(eq(trials.resultId, run.id));
    // A frame early is the browser's own scheduling; a page that stalled shows it late.
    expect((await save(ada, run, at(configOf(run).cueDurationMs - 17))).status).toBe(201);
    const second = stroop.planPhase(run.seed, 'sample', configOf(run))[1];
    if (!second) throw new Error('no plan');
    const late = stroop.answerTrial(second, second.correctKey, 500);
    const stalled: stroop.TrialInput = {
      ...late,
      timing: {
        ...late.timing,
        stimulusOnsetMs: late.timing.cueOnsetMs + 4000,
        responseTimestampMs: late.timing.cueOnsetMs + 4500,
      },
    };
    expect((await save(ada, run, stalled)).status).toBe(201);
    expect((await rowsOf(run.id)).map((row) => row.flags)).toEqual([[], []]);
  });

  it('stores an anticipation, flagged, on the batched and the one-by-one path; a replay is a duplicate', async () => {
    const ada = await t.signUp({ email: 'quick@example.com' });
    const run = await start(ada);
    const quick = firstTrial(run, stroop.ANTICIPATION_FLOOR_MS - 50);
    // Started here, so the run is known: the batched insert.
    expect((await save(ada, run, quick)).status).toBe(201);
    const replay = await save(ada, run, quick);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ saved: true, duplicate: true });

    // Other runs push this one out of the server's memory: the one-by-one insert.
    const facts = {
      ...run,
      task: stroop.stroopTask,
      result: { startTime: new Date(run.startTime), ownerId: 'someone' },
    };
    for (let i = 0; i < 20_001; i++) rememberRun(`other-${i}`, facts);
    const [, planned] = stroop.planPhase(run.seed, 'sample', configOf(run));
    if (!planned) throw new Error('no plan');
    const alsoQuick = stroop.answerTrial(planned, planned.correctKey, 12.5);
    const slow = stroop.answerTrial(planned, planned.correctKey, stroop.ANTICIPATION_FLOOR_MS);
    const beforeMs = t.clock.offsetMs + Date.now();
    expect((await save(ada, run, alsoQuick)).status).toBe(201);
    expect((await save(ada, run, alsoQuick)).status).toBe(200);
    expect((await save(ada, run, slow)).status).toBe(409);

    const rows = await rowsOf(run.id);
    expect(rows.map((row) => [row.trialNumber, row.flags]).sort()).toEqual([
      [0, ['anticipation']],
      [1, ['anticipation']],
    ]);
    // Arrival by the server's clock, which the tests can move.
    for (const row of rows) expect(row.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(rows.find((row) => row.trialNumber === 1)?.createdAt.getTime()).toBeGreaterThanOrEqual(
      beforeMs - 1,
    );

    const view = await admin.get<AdminResultTrialsResponse>(`/api/admin/results/${run.id}/trials`);
    expect(view.body.trials.map((trial) => trial.flags)).toEqual([
      ['anticipation'],
      ['anticipation'],
    ]);
  });

  it('dates each trial by the server clock, so a run can be checked against it', async () => {
    const ada = await t.signUp({ email: 'clock@example.com' });
    const run = await start(ada);
    // Less than the sessions' idle timeout.
    t.clock.offsetMs += 5 * 60_000;
    expect((await save(ada, run, firstTrial(run))).status).toBe(201);
    const [row] = await rowsOf(run.id);
    expect(row?.createdAt.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
  });

  it('refuses to complete a run without all its sample and practice trials', async () => {
    const ada = await t.signUp({ email: 'skipper@example.com' });
    const run = await start(ada);
    const all = stroop.stroopTask.fixtureRun(run.seed, configOf(run));
    const [first, ...rest] = all;
    if (!first) throw new Error('no trials');
    // Every test trial, but no practice and one sample trial only.
    await saveTrialsAtHumanPace(t, ada, run, [
      first,
      ...rest.filter(({ trial }) => trial.phase === 'test'),
    ]);
    const res = await ada.post(`/api/results/${run.id}/complete`, {});
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      'The test is not finished: 145 trials are saved, and trial 1 of the sample phase is not',
    );
    expect((await resultOf(run.id))?.endTime).toBeNull();
    // Its test trials came sooner than the skipped phases take: it is implausible already.
    expect((await resultOf(run.id))?.implausibleReason).not.toBeNull();
    await t.database.db.delete(testResults).where(eq(testResults.id, run.id));
  });

  it('scores a run posted all at once but marks it implausible and leaves it out of reports, progress and exports', async () => {
    const ada = await t.signUp({ email: 'burst@example.com' });
    const plausible = await finishRunAtHumanPace(t, ada);
    expect((await resultOf(plausible.id))?.implausibleReason).toBeNull();

    const run = await start(ada);
    for (const trial of fixtureRun(run.seed, run.config)) {
      expect((await save(ada, run, trial)).status).toBe(201);
    }
    const done = await ada.post<{ run: Run }>(`/api/results/${run.id}/complete`, {});
    expect(done.status).toBe(200);
    // Scored as any run: the same answers and times give the same scores (the share of key
    // repetitions, and the switch cost split by it, follow each run's own stimuli).
    const withoutStimuli = (summary: Run['summary']) => {
      const { responseRepetitionPercent, switchCostByResponse, ...scores } = (summary?.scores ??
        {}) as Record<string, unknown>;
      return { ...summary, scores };
    };
    expect(withoutStimuli(done.body.run.summary)).toEqual(withoutStimuli(plausible.summary));
    const reason = (await resultOf(run.id))?.implausibleReason;
    expect(reason).toMatch(
      /^168 trials arrived within \d+\.\d s; taking them takes at least 268\.8 s$/,
    );

    // Admins see it only when they ask, with the reason.
    const listed = await listIds('includeImplausible=true');
    expect(listed.find((r) => r.id === run.id)).toMatchObject({ implausibleReason: reason });
    expect(listed.find((r) => r.id === plausible.id)).toMatchObject({ implausibleReason: null });
    expect((await listIds('')).map((r) => r.id)).not.toContain(run.id);
    expect((await listIds('')).map((r) => r.id)).toContain(plausible.id);

    expect((await reportTrials('includeImplausible=true')) - (await reportTrials(''))).toBe(143);
    expect(await exportedResultIds('')).not.toContain(run.id);
    expect(await exportedResultIds('')).toContain(plausible.id);
    expect(await exportedResultIds('includeImplausible=true')).toContain(run.id);

    const progress = await ada.get<ProgressResponse>('/api/progress');
    expect(progress.body.results.map((r) => r.id)).toEqual([plausible.id]);
    expect(progress.body.history.map((r) => r.id)).toEqual([plausible.id]);
  });

  it('marks a run implausible at its first trial that arrives too soon, completed or not', async () => {
    const ada = await t.signUp({ email: 'never-completed@example.com' });
    const before = await reportTrials('');
    const run = await start(ada);
    const [first, second] = fixtureRun(run.seed, run.config);
    if (!first || !second) throw new Error('no trials');
    // The first trial after its cue (and more): a person could have answered it by now.
    t.clock.offsetMs += configOf(run).cueDurationMs + 1_000;
    expect((await save(ada, run, first)).status).toBe(201);
    expect((await resultOf(run.id))?.implausibleReason).toBeNull();
    // The rest at once: the next few are still within the tolerance, then one is too soon.
    for (const trial of fixtureRun(run.seed, run.config).slice(1)) {
      expect((await save(ada, run, trial)).status).toBe(201);
    }
    expect((await resultOf(run.id))?.implausibleReason).toMatch(
      /^\d+ trials arrived within \d+\.\d s; taking them takes at least \d+\.\d s$/,
    );
    // Never completed, and still out of the report and the export.
    expect(await reportTrials('')).toBe(before);
    expect(await exportedResultIds('')).not.toContain(run.id);
    expect(await exportedResultIds('includeImplausible=true')).toContain(run.id);
    // Gone, so the next test's report counts only its own runs.
    await t.database.db.delete(testResults).where(eq(testResults.id, run.id));
  });

  it('marks a run implausible when its trial times go backwards', async () => {
    const ada = await t.signUp({ email: 'backwards@example.com' });
    const run = await start(ada);
    const shifted = stroop.stroopTask.fixtureRun(run.seed, configOf(run)).map((fixture) => {
      const { trial } = fixture;
      if (trial.phase !== 'test') return fixture;
      const back = (iso: string) => new Date(Date.parse(iso) - 2 * HOUR_MS).toISOString();
      return {
        ...fixture,
        trial: { ...trial, startTime: back(trial.startTime), endTime: back(trial.endTime) },
      };
    });
    await saveTrialsAtHumanPace(t, ada, run, shifted);
    expect((await ada.post(`/api/results/${run.id}/complete`, {})).status).toBe(200);
    expect((await resultOf(run.id))?.implausibleReason).toMatch(
      /^Trial times go backwards: test trial 0 starts \d+\.\d s before the previous trial ended$/,
    );
  });

  it('lets a user start 30 runs an hour, also when 500 starts arrive at once', async () => {
    const ada = await t.signUp({ email: 'starter@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 500 }, () => ada.post('/api/results', START_RUN)),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(470);
    const refused = answers.find((res) => res.status === 429);
    expect(refused?.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: 'You have started too many tests in the last hour. Try again in 60 minutes.',
      messageId: 'errors.runStartsLockout',
      values: { minutes: 60 },
    });
    const userId = await userIdOf(t.database.db, 'starter@example.com');
    const [count] = await t.database.db
      .select({ runs: sql<number>`count(*)::int` })
      .from(testResults)
      .where(eq(testResults.userId, userId));
    expect(count?.runs).toBe(30);
    // Another user is not affected; once the hour is over the user may start again.
    const bob = await t.signUp({ email: 'other-starter@example.com' });
    expect((await bob.post('/api/results', START_RUN)).status).toBe(201);
    await t.database.db
      .update(rateLimits)
      .set({ windowStart: sql`${rateLimits.windowStart} - interval '1 hour'` })
      .where(eq(rateLimits.key, `run-start-user:${userId}`));
    expect((await ada.post('/api/results', START_RUN)).status).toBe(201);
  });

  it('closes a run left unfinished for a day as abandoned: kept, no more trials, never resumed', async () => {
    const ada = await t.signUp({ email: 'leaver@example.com' });
    const old = await start(ada);
    expect((await save(ada, old, firstTrial(old))).status).toBe(201);
    const dayAgo = new Date(t.clock.offsetMs + Date.now() - 25 * HOUR_MS);
    await t.database.db
      .update(testResults)
      .set({ startTime: dayAgo })
      .where(eq(testResults.id, old.id));
    // Started a day ago, but a trial arrived since (a browser sending what it kept offline):
    // still open.
    expect((await ada.get('/api/results/active?testType=stroopTest')).body.run?.id).toBe(old.id);
    await t.database.db
      .update(trials)
      .set({ createdAt: dayAgo })
      .where(eq(trials.resultId, old.id));
    // Nothing for a day: due to be closed, and never the run to resume.
    expect((await ada.get('/api/results/active?testType=stroopTest')).body.run).toBeNull();

    const next = await start(ada);
    const closed = await resultOf(old.id);
    expect(closed?.abandonedAt).not.toBeNull();
    expect(closed?.endTime).toBeNull();
    expect(await rowsOf(old.id)).toHaveLength(1);
    expect((await ada.get('/api/results/active?testType=stroopTest')).body.run.id).toBe(next.id);

    const [, second] = fixtureRun(old.seed, old.config);
    if (!second) throw new Error('no trials');
    const refused = await save(ada, old, second);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^This test was abandoned/);
    expect(await rowsOf(old.id)).toHaveLength(1);
    // A replay of a trial saved before is still confirmed.
    expect((await save(ada, old, firstTrial(old))).status).toBe(200);
    const complete = await ada.post(`/api/results/${old.id}/complete`, {});
    expect(complete.status).toBe(409);
    expect(complete.body.error.message).toMatch(/^This test was abandoned/);

    const listed = await listIds('includeImplausible=true');
    expect(listed.find((r) => r.id === old.id)?.abandonedAt).toBe(
      closed?.abandonedAt?.toISOString(),
    );
    expect((await listIds('')).map((r) => r.id)).not.toContain(old.id);
    expect(await exportedResultIds('')).not.toContain(old.id);
  });

  it("closes everyone's runs left for a day at once, and only those", async () => {
    const cy = await t.signUp({ email: 'cy@example.com' });
    const stale = await start(cy);
    const fresh = await start(cy);
    await t.database.db
      .update(testResults)
      .set({ startTime: new Date(t.clock.offsetMs + Date.now() - 25 * HOUR_MS) })
      .where(eq(testResults.id, stale.id));
    const ctx = { db: t.database.db, now: () => new Date(Date.now() + t.clock.offsetMs) };
    expect(await closeAbandonedRuns(ctx)).toBeGreaterThanOrEqual(1);
    expect((await resultOf(stale.id))?.abandonedAt).not.toBeNull();
    expect((await resultOf(fresh.id))?.abandonedAt).toBeNull();
    expect(await closeAbandonedRuns(ctx)).toBe(0);
  });
});
