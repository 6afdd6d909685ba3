import { findTask, TEST_TYPES, type TrialEnvelope } from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSessions, trials } from '../db/schema';
import { fixtureRun, START_RUN } from '../testing/fixture-run';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/** The path without a block (block 0), which trials queued in browsers use. */
const trialPath = (resultId: string, t: Pick<TrialEnvelope, 'phase' | 'trialNumber'>) =>
  `/api/results/${resultId}/trials/${t.phase}/${t.trialNumber}`;

describe.each(TEST_DATABASE_KINDS)('Stroop runs on %s', (kind) => {
  let t: TestContext;
  let ada: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    ada = await t.signUp({ email: 'ada@example.com' });
    bob = await t.signUp({ email: 'bob@example.com' });
  });
  afterAll(() => t.close());

  async function start(client: TestClient) {
    const res = await client.post('/api/results', START_RUN);
    expect(res.status).toBe(201);
    return res.body.run as { id: string; sessionId: string; seed: string; config: stroop.Config };
  }
  const rowsOf = (resultId: string) =>
    t.database.db.select().from(trials).where(eq(trials.resultId, resultId));

  it('starts a new session and result, with deviceInfo, measurement and a seed', async () => {
    const run = await start(ada);
    expect(run).toMatchObject({
      savedTrials: [],
      endTime: null,
      summary: null,
      testType: 'stroopTest',
    });
    expect(run.seed).toMatch(/^[0-9a-f]{32}$/);
    expect(run.config).toMatchObject({
      sampleTrials: 8,
      practiceTrials: 16,
      testTrials: 144,
      cueDurationMs: 1400,
    });
    const [session] = await t.database.db
      .select()
      .from(testSessions)
      .where(eq(testSessions.id, run.sessionId));
    expect(session).toMatchObject({
      testType: 'stroopTest',
      deviceInfo: START_RUN.deviceInfo,
      seed: run.seed,
    });
    expect(session?.measurement).toMatchObject({ crossOriginIsolated: true });
    // Each press makes a new session (docs/product.md#what-a-run-is).
    expect((await start(ada)).sessionId).not.toBe(run.sessionId);
  });

  it('refuses visitors and bad starts', async () => {
    expect((await t.client().post('/api/results', START_RUN)).status).toBe(401);
    for (const body of [
      { ...START_RUN, testType: 'noSuchTest' },
      ...TEST_TYPES.filter((type) => !findTask(type)).map((testType) => ({
        ...START_RUN,
        testType,
      })),
      { ...START_RUN, deviceInfo: { ...START_RUN.deviceInfo, screenWidth: -1 } },
      { ...START_RUN, userId: 'someone' },
    ]) {
      expect((await ada.post('/api/results', body)).status).toBe(400);
    }
  });

  it('saves a trial once: a replay is harmless, a different one is a 409', async () => {
    const run = await start(ada);
    const planned = stroop.planPhase(run.seed, 'sample', run.config)[0];
    if (!planned) throw new Error('no plan');
    const trial = stroop.answerTrial(planned, planned.correctKey, 512.123456);
    const first = await ada.request('PUT', trialPath(run.id, trial), { body: trial });
    expect(first.status).toBe(201);
    const replay = await ada.request('PUT', trialPath(run.id, trial), { body: trial });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ saved: true, duplicate: true });
    const different = stroop.answerTrial(planned, stroop.wrongKey(planned), 512.123456);
    const conflict = await ada.request('PUT', trialPath(run.id, different), { body: different });
    expect(conflict.status).toBe(409);
    const rows = await rowsOf(run.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.reactionTime).toBe(512.123456);
    expect(rows[0]?.isCorrect).toBe(true);
  });

  it('stores one row when the same trial arrives ten times at once', async () => {
    const run = await start(ada);
    const plan = stroop.planPhase(run.seed, 'practice', run.config);
    const trialsToSend = plan.slice(0, 3).map((p) => stroop.answerTrial(p, p.correctKey, 400));
    const responses = await Promise.all(
      trialsToSend.flatMap((trial) =>
        Array.from({ length: 10 }, () =>
          ada.request('PUT', trialPath(run.id, trial), { body: trial }),
        ),
      ),
    );
    expect(responses.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    expect(responses.filter((r) => r.status === 201)).toHaveLength(3);
    expect(await rowsOf(run.id)).toHaveLength(3);
  });

  it('refuses malformed and impossible trials with 400 and stores nothing', async () => {
    const run = await start(ada);
    const plan = stroop.planPhase(run.seed, 'test', run.config);
    const planned = plan[2];
    if (!planned) throw new Error('no plan');
    const good = stroop.answerTrial(planned, planned.correctKey, 450);
    const cases: [string, stroop.TrialInput | Record<string, unknown>, string?][] = [
      [
        'another stimulus',
        {
          ...good,
          stimulusWord: good.stimulusWord === 'RED' ? 'BLUE' : 'RED',
          stimulusColor: good.stimulusColor === 'green' ? 'blue' : 'green',
        },
      ],
      ['a wrong cue', { ...good, cueWord: 'Color' }],
      ['a lied isCorrect', { ...good, isCorrect: false }],
      ['a wrong switch flag', { ...good, isSwitch: false }],
      [
        'a trial past the end',
        { ...good, trialNumber: 144 },
        `/api/results/${run.id}/trials/test/144`,
      ],
      ['a key that is not R, G or B', { ...good, response: 'Q' }],
      ['NaN as reaction time', { ...good, reactionTime: 'NaN' }],
      ['a path that disagrees', good, `/api/results/${run.id}/trials/test/3`],
      [
        'a phase that does not exist',
        { ...good, phase: 'warmup' },
        `/api/results/${run.id}/trials/warmup/2`,
      ],
    ];
    for (const [name, body, path] of cases) {
      const res = await ada.request('PUT', path ?? trialPath(run.id, good), { body });
      expect(res.status, name).toBe(400);
      expect(res.body.error.message, name).toBeTruthy();
    }
    expect(await rowsOf(run.id)).toHaveLength(0);
  });

  it("refuses another user's result as not found, and stores nothing", async () => {
    const run = await start(ada);
    const planned = stroop.planPhase(run.seed, 'sample', run.config)[0];
    if (!planned) throw new Error('no plan');
    const trial = stroop.answerTrial(planned, planned.correctKey, 400);
    expect((await bob.request('PUT', trialPath(run.id, trial), { body: trial })).status).toBe(404);
    // A body the run's task would refuse gets the same answer: nothing tells the other user
    // that the run exists or which task it is (its phases, its fields).
    for (const body of [{ phase: 123 }, { ...trial, response: 'x' }, [], 'text', null]) {
      for (const path of [trialPath(run.id, trial), `/api/results/${run.id}/trials/practice/0/0`]) {
        const res = await bob.request('PUT', path, { body });
        expect(res.status, JSON.stringify(body)).toBe(404);
        expect(res.body.error.message).toBe('Result not found');
      }
    }
    expect((await bob.get(`/api/results/${run.id}`)).status).toBe(404);
    expect((await bob.post(`/api/results/${run.id}/complete`, {})).status).toBe(404);
    expect((await ada.get('/api/results/not-a-uuid')).status).toBe(404);
    expect(await rowsOf(run.id)).toHaveLength(0);
  });

  it('scores a whole run on the server, equal to the hand-computed fixture', async () => {
    const run = await start(ada);
    const all = fixtureRun(run.seed, run.config);
    expect(all).toHaveLength(168);
    for (const trial of all.slice(0, 100)) {
      expect((await ada.request('PUT', trialPath(run.id, trial), { body: trial })).status).toBe(
        201,
      );
    }
    // Coming back: the active run knows where it stopped.
    const active = await ada.get('/api/results/active?testType=stroopTest');
    expect(active.body.run.id).toBe(run.id);
    expect(active.body.run.savedTrials).toHaveLength(100);
    expect(active.body.run.savedTrials.at(-1)).toEqual({
      phase: 'test',
      block: 0,
      trialNumber: 75,
      isCorrect: true,
    });

    const early = await ada.post(`/api/results/${run.id}/complete`, {});
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(
      'The test is not finished: 100 trials are saved, and trial 76 of the test phase is not',
    );

    for (const trial of all.slice(100)) {
      expect((await ada.request('PUT', trialPath(run.id, trial), { body: trial })).status).toBe(
        201,
      );
    }
    const done = await ada.post(`/api/results/${run.id}/complete`, {
      attentionEvents: [{ type: 'blur', atMs: 1234.5 }],
    });
    expect(done.status).toBe(200);
    const { summary } = done.body.run;
    // 12 errors (trialNumber % 12 === 5), all on Colour-repeat trials; every Colour trial
    // takes 600.25 ms and every Word trial 450.25: no switch effect at all.
    // RT trials: Colour repeats 36 - 12 errors, Colour switches 36 - 4 first (0, 40, 80, 120),
    // Word switches 36 - 12 after an error, Word repeats 36.
    expect(summary).toMatchObject({
      totalTrials: 144,
      correctTrials: 132,
      overallScore: 91, // floor(132 x 100 / 144)
      scoringVersion: 3,
      scores: { wordReadingAccuracy: 100, interferenceEffect: 150 },
    });
    expect(summary.averageReactionTime).toBeCloseTo((56 * 600.25 + 60 * 450.25) / 116, 9);
    // Stroop's own scores (ADR 029, docs/scoring/stroop.md).
    const scores = summary.scores as stroop.ScoresV2;
    // Error-rate trials of the Colour cue: 36 repeats (12 wrong) and 32 switches.
    expect(scores.colorNamingAccuracy).toBeCloseTo((56 / 68) * 100, 10);
    // Within each cue the switch cost is 0; pooled (version 1) it is +10.6 ms, since
    // the pools hold the two cues in different shares.
    expect(scores.switchCost.rtMs).toEqual({ word: 0, color: 0, mean: 0 });
    expect(scores.colorNamingCost.rtMs).toBeCloseTo(150, 9);
    expect(scores.switchCost.errorRatePercent.color).toBeCloseTo(0 - (12 / 36) * 100, 9);
    expect(scores.switchCost.errorRatePercent.word).toBe(0);
    expect(scores.cells['noswitch, color']).toMatchObject({
      trialCount: 36,
      rtTrialCount: 24,
      meanRtMs: 600.25,
    });
    expect(scores.cells['noswitch, color'].errorRatePercent).toBeCloseTo(100 / 3, 10);
    expect(scores.exclusions).toMatchObject({ first: 4, postError: 12, outlier: 0, errors: 12 });
    // Each test trial stored its exclusions; the other phases are not scored.
    const stored = await rowsOf(run.id);
    expect(stored.filter((r) => r.exclusions !== null)).toHaveLength(144);
    expect(stored.find((r) => r.phase === 'test' && r.trialNumber === 40)?.exclusions).toEqual([
      'first',
    ]);

    // No longer active; completing again returns the same summary; no more trials accepted.
    expect((await ada.get('/api/results/active')).body.run).toBeNull();
    const again = await ada.post(`/api/results/${run.id}/complete`, {});
    expect(again.body.run.summary).toEqual(summary);
    // The first completion answers from the row it wrote, a later one reads the run back: the
    // same run either way (end time, saved trials and all).
    expect(again.body.run).toEqual(done.body.run);
    const late = all[0] as stroop.TrialInput;
    expect((await ada.request('PUT', trialPath(run.id, late), { body: late })).status).toBe(200);
    const [session] = await t.database.db
      .select()
      .from(testSessions)
      .where(eq(testSessions.id, run.sessionId ?? ''));
    expect(session?.measurement).toMatchObject({
      attentionEvents: [{ type: 'blur', atMs: 1234.5 }],
    });
  });
});
