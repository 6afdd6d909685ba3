import {
  type AdminTrial,
  getTask,
  type ProgressResponse,
  type ProgressTrialsResponse,
  TASKS,
  TRIAL_EXPORT_COLUMNS,
} from '@cogni/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResults, trials, users } from '../db/schema';
import { insertFinishedRun } from '../services/results/insert-finished-run';
import { fixtureFinishedRun, fixtureRun, START_RUN } from '../testing/fixture-run';
import { finishRunAtHumanPace } from '../testing/human-pace';
import { parseCsv } from '../testing/parse-csv';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/** Stroop's own export columns, after the common ones. */
const STROOP_COLUMNS = [
  'cue_word',
  'stimulus_word',
  'stimulus_color',
  'is_switch',
  'is_congruent',
  'cue_onset_ms',
];

/** "Download my data": the common trial columns, then each registered task's own (ADR 027). */
const MY_DATA_HEADER = [
  ...TRIAL_EXPORT_COLUMNS.map((c) => c.name),
  ...TASKS.flatMap((task) => task.exportColumns.map((c) => c.name)),
];

/** The other tasks' columns, after Stroop's (the first task): empty on a Stroop row. */
const OTHER_TASKS_BLANK = MY_DATA_HEADER.slice(
  TRIAL_EXPORT_COLUMNS.length + STROOP_COLUMNS.length,
).map(() => '');

describe.each(TEST_DATABASE_KINDS)('progress tracking on %s', (kind) => {
  let t: TestContext;
  let ada: TestClient;
  let bob: TestClient;
  let adaRunId: string;
  let adaUnfinishedId: string;
  beforeAll(async () => {
    t = await createTestContext(kind);
    ada = await t.signUp({ email: 'ada@example.com' });
    bob = await t.signUp({ email: 'bob@example.com' });

    // One finished run through the API, as the browser does it at a person's pace, and one left
    // unfinished.
    adaRunId = (await finishRunAtHumanPace(t, ada)).id;
    const unfinished = await ada.post('/api/results', START_RUN);
    adaUnfinishedId = unfinished.body.run.id;
    const [first] = fixtureRun(unfinished.body.run.seed, unfinished.body.run.config);
    await ada.request('PUT', `/api/results/${adaUnfinishedId}/trials/sample/0`, { body: first });
  });
  afterAll(() => t.close());

  async function userIdOf(email: string): Promise<string> {
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  }

  it('is for signed-in users only', async () => {
    const visitor = t.client();
    expect((await visitor.get('/api/progress')).status).toBe(401);
    expect((await visitor.get('/api/progress/export?format=csv')).status).toBe(401);
  });

  it('is empty for a user with no results', async () => {
    const res = await bob.get<ProgressResponse>('/api/progress');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ results: [], history: [], trendMeasures: {} });
  });

  it('lists a finished run with its stored summary, and gives every trial of it when opened, in run order', async () => {
    const res = await ada.get<ProgressResponse>('/api/progress');
    expect(res.status).toBe(200);
    // The unfinished run is not a result yet.
    expect(res.body.results.map((r) => r.id)).toEqual([adaRunId]);
    const [result] = res.body.results;
    const run = (await ada.get(`/api/results/${adaRunId}`)).body.run;
    expect(result).toMatchObject({
      id: adaRunId,
      sessionId: run.sessionId,
      testType: 'stroopTest',
      startTime: run.startTime,
      endTime: run.endTime,
      isMock: false,
      summary: run.summary,
    });
    expect(result?.durationMs).toBe(Date.parse(run.endTime) - Date.parse(run.startTime));
    expect(result?.summary).toMatchObject({ totalTrials: 144, correctTrials: 132 });

    // The list carries no trials: they are read when a result is opened (ADR 021).
    expect(result).not.toHaveProperty('trials');
    const saved = (await ada.get<{ trials: AdminTrial[] }>(`/api/results/${adaRunId}/trials`)).body
      .trials;
    expect(saved).toHaveLength(168);
    const opened = await ada.get<ProgressTrialsResponse>(
      `/api/progress/results/${adaRunId}/trials`,
    );
    expect(opened.status).toBe(200);
    expect(opened.body.trials).toEqual(
      saved.map(({ startTime, endTime, timing, flags, ...shown }) => shown),
    );
    expect(res.body.history).toEqual([
      {
        id: adaRunId,
        testType: 'stroopTest',
        startTime: run.startTime,
        overallScore: run.summary.overallScore,
        averageReactionTime: run.summary.averageReactionTime,
        isMock: false,
        // The task's trend measures, read from the stored scores.
        measures: Object.fromEntries(
          (getTask('stroopTest').trendMeasures ?? []).map((m) => [
            m.key,
            m.value(run.summary.scores),
          ]),
        ),
      },
    ]);
    expect(Object.keys(res.body.history[0]?.measures ?? {})).toEqual([
      'switchCostMs',
      'colorNamingCostMs',
    ]);
    expect(res.body.trendMeasures).toEqual({
      stroopTest: (getTask('stroopTest').trendMeasures ?? []).map(({ value, ...info }) => info),
    });
  });

  it('lists the 10 most recent results, newest first, and the whole score history', async () => {
    const cy = await t.signUp({ email: 'cy@example.com' });
    const cyId = await userIdOf('cy@example.com');
    const day = 24 * 60 * 60 * 1000;
    // Inserted out of order; day 7 is a mock result.
    const days = [3, 11, 0, 7, 1, 12, 5, 9, 2, 10, 4, 8, 6];
    const ids = new Map<number, string>();
    for (const d of days) {
      const start = new Date(Date.UTC(2026, 0, 1) + d * day);
      ids.set(
        d,
        await insertFinishedRun(t.database, fixtureFinishedRun(cyId, start, { isMock: d === 7 })),
      );
    }
    const res = await cy.get<ProgressResponse>('/api/progress');
    expect(res.status).toBe(200);
    const newestFirst = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3];
    expect(res.body.results.map((r) => r.id)).toEqual(newestFirst.map((d) => ids.get(d)));
    expect(res.body.results.map((r) => r.isMock)).toEqual(newestFirst.map((d) => d === 7));
    for (const result of res.body.results) {
      const opened = await cy.get<ProgressTrialsResponse>(
        `/api/progress/results/${result.id}/trials`,
      );
      expect(opened.body.trials).toHaveLength(168);
    }
    expect(res.body.history.map((p) => p.id)).toEqual(
      [...days].sort((a, b) => a - b).map((d) => ids.get(d)),
    );
    // Nobody else's results leak in, and cy's do not leak out.
    expect(res.body.results.every((r) => !r.id.includes(adaRunId))).toBe(true);
    const adaView = await ada.get<ProgressResponse>('/api/progress');
    expect(adaView.body.results.map((r) => r.id)).toEqual([adaRunId]);
  });

  it("answers 404 for another user's result, an unfinished one, or no result", async () => {
    expect((await bob.get(`/api/results/${adaRunId}`)).status).toBe(404);
    expect((await bob.get(`/api/results/${adaRunId}/trials`)).status).toBe(404);
    const notFound = { error: { code: 'NOT_FOUND', message: 'Result not found' } };
    for (const [client, id] of [
      [bob, adaRunId],
      [ada, adaUnfinishedId],
      [ada, '00000000-0000-4000-8000-000000000000'],
      [ada, 'not-an-id'],
    ] as const) {
      const res = await client.get(`/api/progress/results/${id}/trials`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject(notFound);
    }
    expect((await t.client().get(`/api/progress/results/${adaRunId}/trials`)).status).toBe(401);
  });

  it('opens a finished result that has no trials as an empty list, not as "not found"', async () => {
    const [result] = await t.database.db
      .insert(testResults)
      .values({
        userId: await userIdOf('bob@example.com'),
        testType: 'stroopTest',
        startTime: new Date(Date.UTC(2026, 0, 1)),
        endTime: new Date(Date.UTC(2026, 0, 1, 0, 7)),
      })
      .returning({ id: testResults.id });
    if (!result) throw new Error('no result inserted');
    try {
      const res = await bob.get<ProgressTrialsResponse>(
        `/api/progress/results/${result.id}/trials`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ trials: [] });
    } finally {
      // Bob's other tests count his results.
      await t.database.db.delete(testResults).where(eq(testResults.id, result.id));
    }
  });

  it("exports every trial of the caller's own results as CSV, equal to the database", async () => {
    const res = await ada.get<string>('/api/progress/export?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cogni-my-data-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(MY_DATA_HEADER);
    expect(
      header?.slice(TRIAL_EXPORT_COLUMNS.length, -OTHER_TASKS_BLANK.length || undefined),
    ).toEqual(STROOP_COLUMNS);

    const stored = await t.database.db
      .select({ trial: trials, result: testResults })
      .from(trials)
      .innerJoin(testResults, eq(testResults.id, trials.resultId))
      .where(inArray(testResults.id, [adaRunId, adaUnfinishedId]));
    // 168 trials of the finished run and the one of the unfinished run, nothing of anyone else.
    expect(rows).toHaveLength(169);
    expect(stored).toHaveLength(169);
    const col = (name: string) => header?.indexOf(name) ?? -1;
    for (const row of rows) {
      const match = stored.find(
        (s) =>
          s.result.id === row[col('result_id')] &&
          s.trial.phase === row[col('phase')] &&
          String(s.trial.block) === row[col('block')] &&
          String(s.trial.trialNumber) === row[col('trial_number')],
      );
      if (!match) throw new Error(`row not in the database: ${row.join(',')}`);
      const { trial, result } = match;
      const timing = trial.timing as Record<string, unknown>;
      // Stroop's own fields are stored in `fields` (ADR 027).
      const fields = trial.fields as Record<string, unknown>;
      expect(row).toEqual([
        result.id,
        result.sessionId,
        'stroopTest',
        result.startTime.toISOString(),
        result.endTime?.toISOString() ?? '',
        'false',
        trial.phase,
        String(trial.block),
        String(trial.trialNumber),
        trial.response,
        String(trial.reactionTime),
        String(trial.isCorrect),
        trial.inputModality,
        trial.startTime?.toISOString(),
        trial.endTime?.toISOString(),
        String(timing.stimulusOnsetMs),
        String(timing.responseTimestampMs),
        timing.onsetMethod,
        String(timing.wasInterrupted),
        result.scoringVersion === null ? '' : String(result.scoringVersion),
        trial.exclusions === null ? '' : trial.exclusions.join(' ') || 'none',
        fields.cueWord,
        fields.stimulusWord,
        fields.stimulusColor,
        String(fields.isSwitch),
        String(fields.isCongruent),
        String(timing.cueOnsetMs),
        ...OTHER_TASKS_BLANK,
      ]);
      // Unrounded reaction times survive the text round trip.
      expect(Number(row[col('reaction_time_ms')])).toBe(trial.reactionTime);
    }
    // Results oldest first, trials in run order.
    expect(rows.slice(0, 168).every((r) => r[col('result_id')] === adaRunId)).toBe(true);
    expect(rows.slice(0, 3).map((r) => `${r[col('phase')]}:${r[col('trial_number')]}`)).toEqual([
      'sample:0',
      'sample:1',
      'sample:2',
    ]);
  });

  it('exports the same rows as JSON, with the data dictionary', async () => {
    const csv = parseCsv((await ada.get<string>('/api/progress/export?format=csv')).body);
    const res = await ada.get('/api/progress/export?format=json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/\.json"$/);
    expect(res.body.columns.map((c: { name: string }) => c.name)).toEqual(csv[0]);
    for (const column of res.body.columns) expect(column.description).not.toBe('');
    expect(res.body.rows).toHaveLength(csv.length - 1);
    const asText = (v: unknown) => (v === null ? '' : String(v));
    expect(res.body.rows.map((r: Record<string, unknown>) => Object.values(r).map(asText))).toEqual(
      csv.slice(1),
    );
  });

  it('exports only a header for a user with no trials, and refuses unknown formats', async () => {
    const empty = await bob.get<string>('/api/progress/export?format=csv');
    expect(parseCsv(empty.body)).toEqual([MY_DATA_HEADER]);
    expect((await bob.get('/api/progress/export?format=json')).body.rows).toEqual([]);
    const bad = await bob.get('/api/progress/export?format=xml');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("format must be 'csv' or 'json'");
  });
});
