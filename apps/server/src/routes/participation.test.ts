import type { Participation, Run, StudyDetail, StudyLanding } from '@cogni/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyParticipants } from '../db/schema';
import { markAbandonedParticipants } from '../services/participation/mark-abandoned';
import {
  PARTICIPATION_UNKNOWN,
  participantParams,
  STUDY_FULL,
} from '../services/participation/participation';
import {
  PARTICIPATION_ENDED,
  STEP_NOT_THIS_KIND,
  STEP_OUT_OF_ORDER,
  STEPS_NOT_DONE,
} from '../services/participation/steps';
import { ABANDON_AFTER_MS } from '../services/results/close-abandoned-runs';
import { STUDY_HAS_PARTICIPANTS } from '../services/studies/studies';
import { DEVICE_INFO, MEASUREMENT } from '../testing/fixture-run';
import {
  joinStudy,
  openStudy,
  participationPath,
  STUDY_CONTENT,
  STUDY_SETTINGS,
  signUpResearcher,
  takeTaskStep,
} from '../testing/study-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

type Answer = { participation: Participation };

/** The participation API (ADR 040, step b) through HTTP: a whole study, and every refusal. */
describe.each(TEST_DATABASE_KINDS)('the participation API on %s', (kind) => {
  let t: TestContext;
  let researcher: TestClient;
  let study: StudyDetail;
  let base: string;

  beforeAll(async () => {
    t = await createTestContext(kind);
    researcher = await signUpResearcher(t, 'researcher@example.com');
    study = await openStudy(researcher);
    base = participationPath(study.code);
  });
  afterAll(() => t.close());

  it('shows the landing page to anyone, and nothing for an unknown or malformed code', async () => {
    const visitor = t.client();
    const landing = await visitor.get<{ study: StudyLanding }>(base);
    expect(landing.status).toBe(200);
    expect(landing.body.study).toMatchObject({
      title: 'Remembering digits',
      steps: 7,
      testTypes: ['digitSpanTest', 'goNoGoTest'],
      availability: 'open',
    });
    expect(landing.headers.get('set-cookie')).toBeNull();
    for (const code of ['abcdefghjkmn', 'short', '..%2Fadmin', 'ABCDEFGHJKMN']) {
      const res = await visitor.get(participationPath(code));
      expect(res.status, code).toBe(404);
    }
  });

  it('takes a participant through every step, in order, to the completion URL with their id', async () => {
    const { browser, participation } = await joinStudy(t, study.code, {
      PROLIFIC_PID: 'pid-42',
      STUDY_ID: 'st-1',
      unrelated: 'dropped',
    });
    expect(participation).toMatchObject({
      state: 'started',
      isPreview: false,
      version: 1,
      stepsDone: 0,
      runs: [],
      end: null,
    });
    expect(participation.steps.map((step) => step.kind)).toEqual([
      'consent',
      'info',
      'task',
      'demographics',
      'break',
      'task',
      'debrief',
    ]);
    const [row] = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, study.id));
    expect(await participantParams(t.deps, row?.id ?? '')).toEqual({
      PROLIFIC_PID: 'pid-42',
      STUDY_ID: 'st-1',
    });

    // Out of order: nothing before consent.
    const runBody = { deviceInfo: DEVICE_INFO, measurement: MEASUREMENT };
    for (const [path, body] of [
      ['/steps/1/done', {}],
      ['/steps/2/run', runBody],
      ['/finish', {}],
    ] as const) {
      expect((await browser.post(`${base}${path}`, body)).status, path).toBe(409);
    }
    const early = await browser.post(`${base}/steps/1/done`, {});
    expect(early.body.error.message).toBe(STEP_OUT_OF_ORDER.message);

    const agreed = await browser.post<Answer>(`${base}/consent`, { agree: true });
    expect(agreed.body.participation).toMatchObject({ state: 'consented', stepsDone: 1 });
    const [consented] = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, study.id));
    expect(consented?.consentHash).toBe(study.versions[0]?.contentHash);
    expect(consented?.consentedAt).not.toBeNull();
    // Consent once: a second answer is out of order.
    expect((await browser.post(`${base}/consent`, { agree: false })).status).toBe(409);

    // A page is not a task, and a task is not a page.
    expect(
      (
        await browser.post(`${base}/steps/1/run`, {
          deviceInfo: DEVICE_INFO,
          measurement: MEASUREMENT,
        })
      ).body.error.message,
    ).toBe(STEP_NOT_THIS_KIND.message);
    expect((await browser.post<Answer>(`${base}/steps/1/done`, {})).status).toBe(200);
    expect((await browser.post(`${base}/steps/2/done`, {})).body.error.message).toBe(
      STEP_NOT_THIS_KIND.message,
    );

    // The task step: a reload resumes the same run; it runs with the step's settings.
    const first = await browser.post<{ run: Run }>(`${base}/steps/2/run`, {
      deviceInfo: DEVICE_INFO,
      measurement: MEASUREMENT,
    });
    expect(first.status).toBe(201);
    const again = await browser.post<{ run: Run }>(`${base}/steps/2/run`, {
      deviceInfo: DEVICE_INFO,
      measurement: MEASUREMENT,
    });
    expect(again.status).toBe(200);
    expect(again.body.run.id).toBe(first.body.run.id);
    expect(first.body.run.isPreview).toBe(false);
    // Its runs are not the user API's: no session, no access.
    expect((await t.client().get(`/api/results/${first.body.run.id}`)).status).toBe(401);
    expect((await researcher.get(`/api/results/${first.body.run.id}`)).status).toBe(404);
    expect((await takeTaskStep(t, browser, study.code, 2)).id).toBe(first.body.run.id);

    // The demographics: only the questions asked, each optional, within bounds.
    const unasked = await browser.post(`${base}/steps/3/done`, { answers: { gender: 'female' } });
    expect(unasked.status).toBe(400);
    const tooOld = await browser.post(`${base}/steps/3/done`, { answers: { age: 400 } });
    expect(tooOld.status).toBe(400);
    expect(tooOld.body.error.fields).toHaveProperty(['answers.age']);
    const answered = await browser.post<Answer>(`${base}/steps/3/done`, {
      answers: { age: 34 },
    });
    expect(answered.body.participation.stepsDone).toBe(4);
    expect((await browser.post(`${base}/steps/4/done`, { answers: {} })).status).toBe(400);
    expect((await browser.post(`${base}/steps/4/done`, {})).status).toBe(200);

    await takeTaskStep(t, browser, study.code, 5);
    const debriefed = await browser.post<Answer>(`${base}/steps/6/done`, {});
    expect(debriefed.body.participation.stepsDone).toBe(7);
    expect(debriefed.body.participation.runs.map((r) => [r.step, r.completed])).toEqual([
      [2, true],
      [5, true],
    ]);

    const finished = await browser.post<Answer>(`${base}/finish`, {});
    expect(finished.status).toBe(200);
    expect(finished.body.participation.state).toBe('completed');
    expect(finished.body.participation.end).toEqual({
      kind: 'completed',
      completionCode: 'C0FFEE',
      redirectUrl: 'https://app.prolific.com/submissions/complete?cc=C0FFEE&pid=pid-42',
    });
    // Finishing again answers the same end; nothing else is taken any more.
    expect((await browser.post<Answer>(`${base}/finish`, {})).body.participation.end).toEqual(
      finished.body.participation.end,
    );
    const late = await browser.post(`${base}/steps/6/done`, {});
    expect(late.body.error.message).toBe(PARTICIPATION_ENDED.message);
    const [done] = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, study.id));
    expect(done?.demographics).toEqual({ age: 34 });
    // Each step's time of completion, in order: the dashboard's time per step.
    expect(done?.stepsDoneAt).toHaveLength(7);
    const times = (done?.stepsDoneAt ?? []).map((at) => at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(done?.finishedAt).not.toBeNull();
  });

  it('ends the participation when consent is declined, with the decline message', async () => {
    const { browser } = await joinStudy(t, study.code);
    const declined = await browser.post<Answer>(`${base}/consent`, { agree: false });
    expect(declined.body.participation).toMatchObject({
      state: 'declined',
      end: { kind: 'declined', message: 'Thank you all the same.', redirectUrl: null },
    });
    expect((await browser.post(`${base}/consent`, { agree: true })).status).toBe(409);
    expect((await browser.post(`${base}/finish`, {})).status).toBe(409);
  });

  it('waits to finish until every task step is complete on the server', async () => {
    const simple = await openStudy(researcher, {
      settings: STUDY_SETTINGS,
      content: {
        ...STUDY_CONTENT,
        steps: [{ kind: 'task', title: 'Digits', testType: 'digitSpanTest', config: {} }],
      },
    });
    const path = participationPath(simple.code);
    const { browser } = await joinStudy(t, simple.code);
    const early = await browser.post(`${path}/finish`, {});
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(STEPS_NOT_DONE.message);
    await takeTaskStep(t, browser, simple.code, 0);
    // The step moved on with the run's completion; a second completion moves nothing.
    const me = await browser.get<Answer>(`${path}/me`);
    expect(me.body.participation.stepsDone).toBe(1);
    const finished = await browser.post<Answer>(`${path}/finish`, {});
    expect(finished.body.participation.state).toBe('completed');
  });

  it('refuses a forged token, another study\u2019s token, and another participant\u2019s run', async () => {
    const other = await openStudy(researcher);
    const a = await joinStudy(t, study.code);
    const b = await joinStudy(t, study.code);
    const elsewhere = await joinStudy(t, other.code);
    await a.browser.post(`${base}/consent`, { agree: true });
    await a.browser.post(`${base}/steps/1/done`, {});
    const run = await a.browser.post<{ run: Run }>(`${base}/steps/2/run`, {
      deviceInfo: DEVICE_INFO,
      measurement: MEASUREMENT,
    });

    const forged = t.client();
    forged.cookie = 'cogni_participant=forged-token';
    for (const client of [forged, t.client(), elsewhere.browser]) {
      const me = await client.get(`${base}/me`);
      expect(me.status).toBe(401);
      expect(me.body.error.message).toBe(PARTICIPATION_UNKNOWN.message);
      expect((await client.get(`${base}/runs/${run.body.run.id}`)).status).toBe(401);
    }
    // Another participant of the same study: the run is not theirs (404, as for users).
    expect((await b.browser.get(`${base}/runs/${run.body.run.id}`)).status).toBe(404);
    const trial = await b.browser.request(
      'PUT',
      `${base}/runs/${run.body.run.id}/trials/practice/0/0`,
      {
        body: {},
      },
    );
    expect(trial.status).toBe(404);
    expect((await b.browser.post(`${base}/runs/${run.body.run.id}/complete`, {})).status).toBe(404);
    // A study's token does not open another study's participation.
    expect((await a.browser.get(`${participationPath(other.code)}/me`)).status).toBe(401);
  });

  it('sets the token in an HttpOnly, SameSite=Strict cookie on the study\u2019s own path', async () => {
    const browser = t.client();
    const res = await browser.post(`${base}/start`, { params: {} });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^cogni_participant=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain(`Path=${base}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
  });

  it('lets the researcher preview a draft as a participant, kept apart, and delete it; not a study with participants', async () => {
    const draft = await researcher.post<{ study: StudyDetail }>('/api/studies', {
      settings: { ...STUDY_SETTINGS, participantCap: 1 },
      content: STUDY_CONTENT,
    });
    const { id, code } = draft.body.study;
    const previewer = t.client();
    previewer.cookie = researcher.cookie;
    const preview = await previewer.post<{ code: string }>(`/api/studies/${id}/preview`);
    expect(preview.status).toBe(201);
    expect(preview.body.code).toBe(code);
    expect(preview.headers.get('set-cookie')).toContain(`Path=${participationPath(code)}`);
    const me = await previewer.get<Answer>(`${participationPath(code)}/me`);
    expect(me.body.participation).toMatchObject({ isPreview: true, stepsDone: 0 });
    // A draft's link shows nothing to anyone else, and the preview froze no version.
    expect((await t.client().get(participationPath(code))).status).toBe(404);
    const detail = await researcher.get<{ study: StudyDetail }>(`/api/studies/${id}`);
    expect(detail.body.study.versions[0]?.firstStartedAt).toBeNull();
    // Only previews: the study may go.
    expect((await researcher.request('DELETE', `/api/studies/${id}`)).status).toBe(204);

    // Opened, previewed (not counted against the cap of 1), then a real participant.
    const open = await openStudy(researcher, {
      settings: { ...STUDY_SETTINGS, participantCap: 1 },
      content: STUDY_CONTENT,
    });
    const again = t.client();
    again.cookie = researcher.cookie;
    expect((await again.post(`/api/studies/${open.id}/preview`)).status).toBe(201);
    await joinStudy(t, open.code);
    const refused = await researcher.request('DELETE', `/api/studies/${open.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(STUDY_HAS_PARTICIPANTS.message);
    expect((await researcher.get(`/api/studies/${open.id}`)).status).toBe(200);
  });

  it('marks a participant not seen for a day abandoned, and takes them back when they return', async () => {
    const { browser } = await joinStudy(t, study.code);
    await browser.post(`${base}/consent`, { agree: true });
    t.clock.offsetMs += ABANDON_AFTER_MS + 60_000;
    expect(await markAbandonedParticipants(t.deps)).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, study.id))
      .orderBy(desc(studyParticipants.startedAt))
      .limit(1);
    expect(row?.state).toBe('abandoned');
    const back = await browser.get<Answer>(`${base}/me`);
    expect(back.body.participation).toMatchObject({ state: 'consented', stepsDone: 1 });
    // Back to today, where the researcher's session is still alive.
    t.clock.offsetMs -= ABANDON_AFTER_MS + 60_000;
  });

  it('refuses a start with bad input, and starts nothing at the cap or when not open', async () => {
    const capped = await openStudy(researcher, {
      settings: { ...STUDY_SETTINGS, participantCap: 1 },
      content: STUDY_CONTENT,
    });
    const path = participationPath(capped.code);
    for (const body of [{ params: 'x' }, { params: { a: 1 } }, { other: true }, []]) {
      const res = await t.client().post(`${path}/start`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    await joinStudy(t, capped.code);
    const full = await t.client().post(`${path}/start`, { params: {} });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe(STUDY_FULL.message);
    expect((await t.client().get<{ study: StudyLanding }>(path)).body.study.availability).toBe(
      'full',
    );
    await researcher.post(`/api/studies/${capped.id}/state`, { state: 'closed' });
    expect((await t.client().get<{ study: StudyLanding }>(path)).body.study.availability).toBe(
      'closed',
    );
    expect((await t.client().post(`${path}/start`, { params: {} })).status).toBe(409);
  });
});

describe('the participant cookie over HTTPS', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('pglite', { APP_ORIGIN: 'https://cogni.example.org' });
  });
  afterAll(() => t.close());

  it('is Secure with the __Secure- prefix, and a plain-named one opens nothing', async () => {
    const study = await openStudy(await signUpResearcher(t, 'r@example.com'));
    const { browser } = await joinStudy(t, study.code);
    expect(browser.cookie).toMatch(/^__Secure-cogni_participant=/);
    const me = await browser.get<Answer>(`${participationPath(study.code)}/me`);
    expect(me.body.participation.state).toBe('started');
    const raw = await t.client().post(`${participationPath(study.code)}/start`, { params: {} });
    expect(raw.headers.get('set-cookie')).toMatch(/HttpOnly; Secure; SameSite=Strict/);
    const planted = t.client();
    planted.cookie = browser.cookie?.replace('__Secure-cogni_participant', 'cogni_participant');
    expect((await planted.get(`${participationPath(study.code)}/me`)).status).toBe(401);
  });
});

describe('study starts per address', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext('pglite', {
      TRUST_PROXY: 'true',
      STUDY_STARTS_PER_ADDRESS_PER_HOUR: '3',
    });
  });
  afterAll(() => t.close());

  it('are limited per network, with a clear message, and start nobody past the limit', async () => {
    const study = await openStudy(await signUpResearcher(t, 'r@example.com'));
    const start = (address: string) =>
      t.client().request('POST', `${participationPath(study.code)}/start`, {
        body: { params: {} },
        headers: { 'x-forwarded-for': address },
      });
    for (let i = 0; i < 3; i += 1) expect((await start('203.0.113.9')).status).toBe(201);
    const refused = await start('203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/Too many people have started this study/);
    expect((await start('198.51.100.20')).status).toBe(201);
    const started = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, study.id));
    expect(started).toHaveLength(4);
  });
});
