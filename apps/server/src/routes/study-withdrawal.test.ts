import type {
  DeleteParticipantDataResponse,
  FindParticipantResponse,
  Participation,
  Run,
  StudyDashboard,
  StudyDetail,
} from '@cogni/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminAuditLog,
  studyAssignments,
  studyParticipantParams,
  studyParticipants,
  testResults,
  testSessions,
  trials,
  users,
} from '../db/schema';
import { markAbandonedParticipants } from '../services/participation/mark-abandoned';
import { PARTICIPATION_ENDED } from '../services/participation/steps';
import { ABANDON_AFTER_MS } from '../services/results/close-abandoned-runs';
import { PARTICIPANT_NOT_FOUND } from '../services/studies/dashboard';
import { signUpAdmin } from '../testing/admin-fixtures';
import { DEVICE_INFO, MEASUREMENT } from '../testing/fixture-run';
import { parseCsv } from '../testing/parse-csv';
import {
  joinStudy,
  openStudy,
  participationPath,
  STUDY_SETTINGS,
  signUpResearcher,
  takeTaskStep,
} from '../testing/study-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

type Answer = { participation: Participation };

/**
 * Stopping and withdrawing (ADR 041, step e) through HTTP: the participant's stop and
 * withdrawal, the researcher's find and delete, what each deletes and keeps, and the refusals
 * that follow.
 */
describe.each(TEST_DATABASE_KINDS)('stopping and withdrawing on %s', (kind) => {
  let t: TestContext;
  let owner: TestClient;
  let stranger: TestClient;
  let study: StudyDetail;
  let other: StudyDetail;
  let base: string;

  beforeAll(async () => {
    t = await createTestContext(kind);
    owner = await signUpResearcher(t, 'owner@example.com');
    stranger = await signUpResearcher(t, 'stranger@example.com');
    study = await openStudy(owner);
    other = await openStudy(owner);
    base = participationPath(study.code);
  });
  afterAll(() => t.close());

  /** A new participant of `code` with their browser and id. */
  async function join(code = study.code, params: Record<string, string> = {}) {
    const before = new Set(
      (await t.database.db.select({ id: studyParticipants.id }).from(studyParticipants)).map(
        (row) => row.id,
      ),
    );
    const { browser } = await joinStudy(t, code, params);
    const rows = await t.database.db.select({ id: studyParticipants.id }).from(studyParticipants);
    const id = rows.map((row) => row.id).find((candidate) => !before.has(candidate)) ?? '';
    return { browser, id };
  }

  /** Consents, reads the page, and takes the first task (step 2): trials on the server. */
  async function takeFirstTask(browser: TestClient, code = study.code): Promise<Run> {
    const at = participationPath(code);
    expect((await browser.post(`${at}/consent`, { agree: true })).status).toBe(200);
    expect((await browser.post(`${at}/steps/1/done`, {})).status).toBe(200);
    return takeTaskStep(t, browser, code, 2);
  }

  const participantRow = async (id: string) => {
    const [row] = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.id, id));
    return row;
  };

  /** How many runs, sessions, trials and link parameters the participant has. */
  async function dataOf(id: string) {
    const runs = await t.database.db
      .select({ id: testResults.id })
      .from(testResults)
      .where(eq(testResults.participantId, id));
    const runIds = runs.map((run) => run.id);
    const trialRows =
      runIds.length === 0
        ? []
        : await t.database.db
            .select({ id: trials.id })
            .from(trials)
            .where(inArray(trials.resultId, runIds));
    const sessions = await t.database.db
      .select({ id: testSessions.id })
      .from(testSessions)
      .where(eq(testSessions.participantId, id));
    const params = await t.database.db
      .select()
      .from(studyParticipantParams)
      .where(eq(studyParticipantParams.participantId, id));
    return {
      runs: runs.length,
      trials: trialRows.length,
      sessions: sessions.length,
      params: params.length,
    };
  }

  /** A link parameter row, as a start with the study's captured parameters keeps it. */
  async function keepParam(participantId: string, studyId: string, name: string, value: string) {
    await t.database.db
      .insert(studyParticipantParams)
      .values({ participantId, studyId, name, value, isPanelId: name === 'PROLIFIC_PID' })
      .onConflictDoNothing();
  }

  /** The sweeper of abandoned participants as it runs a day from now (sessions stay valid). */
  const sweepADayLater = () =>
    markAbandonedParticipants({
      db: t.database.db,
      now: () => new Date(t.deps.now().getTime() + ABANDON_AFTER_MS + 60_000),
    });

  /** Every request a participant takes part with, answered 409 with the ended message. */
  async function expectEveryStepRefused(browser: TestClient, runId: string) {
    const runs = `${base}/runs/${runId}`;
    const calls: [string, string, unknown][] = [
      ['POST', `${base}/consent`, { agree: true }],
      ['POST', `${base}/steps/3/done`, { answers: { age: 30 } }],
      ['POST', `${base}/steps/5/run`, { deviceInfo: DEVICE_INFO, measurement: MEASUREMENT }],
      ['POST', `${base}/finish`, {}],
      ['GET', runs, undefined],
      ['GET', `${runs}/trials`, undefined],
      ['PUT', `${runs}/trials/test/0/0`, {}],
      ['PUT', `${runs}/trials/test/0`, {}],
      ['POST', `${runs}/complete`, {}],
    ];
    for (const [method, path, body] of calls) {
      const res = await browser.request(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(409);
      expect(res.body.error.message, `${method} ${path}`).toBe(PARTICIPATION_ENDED.message);
    }
  }

  it('stops a participant: their answers stay, every later step is refused, and the end says stopped', async () => {
    const { browser, id } = await join();
    const run = await takeFirstTask(browser);
    const before = await dataOf(id);
    expect(before.trials).toBeGreaterThan(0);

    const stopped = await browser.post<Answer>(`${base}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.participation).toMatchObject({
      state: 'stopped',
      end: { kind: 'stopped', redirectUrl: null },
    });
    const row = await participantRow(id);
    expect(row?.state).toBe('stopped');
    expect(row?.finishedAt).not.toBeNull();
    expect(row?.withdrawnAt).toBeNull();
    expect(await dataOf(id)).toEqual(before);

    await expectEveryStepRefused(browser, run.id);
    // Their own view still answers (a reload shows the end), and stopping again changes nothing.
    const me = await browser.get<Answer>(`${base}/me`);
    expect(me.body.participation.end).toEqual({ kind: 'stopped', redirectUrl: null });
    expect((await browser.post(`${base}/stop`)).status).toBe(200);
    // A day later, the sweeper leaves a stopped participant as they are.
    await sweepADayLater();
    expect((await participantRow(id))?.state).toBe('stopped');
  });

  it('withdraws a participant: runs, trials, answers and parameters deleted, the consent, the start and the cell kept', async () => {
    const { browser, id } = await join(study.code, { PROLIFIC_PID: 'pid-withdraws' });
    await keepParam(id, study.id, 'PROLIFIC_PID', 'pid-withdraws');
    const run = await takeFirstTask(browser);
    expect(
      (await browser.post(`${base}/steps/3/done`, { answers: { age: 31, handedness: 'left' } }))
        .status,
    ).toBe(200);
    // Someone else's data in the same study stays whole.
    const bystander = await join(study.code, { PROLIFIC_PID: 'pid-stays' });
    await keepParam(bystander.id, study.id, 'PROLIFIC_PID', 'pid-stays');
    await takeFirstTask(bystander.browser);
    const bystanderBefore = await dataOf(bystander.id);
    const before = await participantRow(id);
    expect(before?.consentHash).not.toBeNull();
    expect((await dataOf(id)).trials).toBeGreaterThan(0);

    const asked = t.deps.now();
    const withdrawn = await browser.post<Answer>(`${base}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.participation).toMatchObject({
      state: 'withdrawn',
      runs: [],
      end: { kind: 'withdrawn', redirectUrl: null },
    });
    expect(await dataOf(id)).toEqual({ runs: 0, trials: 0, sessions: 0, params: 0 });
    const row = await participantRow(id);
    expect(row).toMatchObject({
      state: 'withdrawn',
      demographics: {},
      stepsDoneAt: [],
      withdrawnBy: 'participant',
      consentHash: before?.consentHash,
      consentedAt: before?.consentedAt,
      startedAt: before?.startedAt,
      cellKey: before?.cellKey,
      stepsDone: before?.stepsDone,
    });
    expect(row?.withdrawnAt?.getTime()).toBeGreaterThanOrEqual(asked.getTime());
    expect(row?.finishedAt).toEqual(row?.withdrawnAt);
    const log = await t.database.db
      .select()
      .from(studyAssignments)
      .where(eq(studyAssignments.participantId, id));
    expect(log).toHaveLength(1);
    expect(await dataOf(bystander.id)).toEqual(bystanderBefore);

    await expectEveryStepRefused(browser, run.id);
    expect((await browser.post(`${base}/stop`)).status).toBe(409);
    // Withdrawing again answers the same end and keeps the first withdrawal's time.
    t.clock.offsetMs += 60_000;
    const again = await browser.post<Answer>(`${base}/withdraw`);
    expect(again.status).toBe(200);
    expect(again.body.participation.end).toEqual({ kind: 'withdrawn', redirectUrl: null });
    expect((await participantRow(id))?.withdrawnAt).toEqual(row?.withdrawnAt);
    await sweepADayLater();
    expect((await participantRow(id))?.state).toBe('withdrawn');
  });

  it('lets a completed participant withdraw, and refuses to stop a participation that has ended', async () => {
    const short = await openStudy(owner, {
      settings: { ...STUDY_SETTINGS, name: 'Short' },
      content: {
        title: 'Short',
        description: '',
        steps: [
          { kind: 'consent', title: 'Consent', text: 'Agree?' },
          { kind: 'task', title: 'Digits', testType: 'digitSpanTest', config: {} },
        ],
      },
    });
    const at = participationPath(short.code);
    const { browser, id } = await join(short.code);
    expect((await browser.post(`${at}/consent`, { agree: true })).status).toBe(200);
    await takeTaskStep(t, browser, short.code, 1);
    expect((await browser.post<Answer>(`${at}/finish`)).body.participation.state).toBe('completed');

    const stop = await browser.post(`${at}/stop`);
    expect(stop.status).toBe(409);
    expect(stop.body.error.message).toBe(PARTICIPATION_ENDED.message);
    expect((await participantRow(id))?.state).toBe('completed');
    const finishedAt = (await participantRow(id))?.finishedAt;

    const withdrawn = await browser.post<Answer>(`${at}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.participation.end?.kind).toBe('withdrawn');
    expect(await dataOf(id)).toEqual({ runs: 0, trials: 0, sessions: 0, params: 0 });
    // The time they completed stays their finish time.
    expect((await participantRow(id))?.finishedAt).toEqual(finishedAt);

    const declining = await join(short.code);
    expect((await declining.browser.post(`${at}/consent`, { agree: false })).status).toBe(200);
    expect((await declining.browser.post(`${at}/stop`)).status).toBe(409);
  });

  it('refuses a stop or a withdrawal without the participant’s cookie, or with another study’s', async () => {
    const outsider = await join(other.code);
    for (const action of ['stop', 'withdraw']) {
      expect((await t.client().post(`${base}/${action}`)).status, action).toBe(401);
      expect((await outsider.browser.post(`${base}/${action}`)).status, action).toBe(401);
      expect((await owner.post(`${base}/${action}`)).status, action).toBe(401);
    }
    expect((await participantRow(outsider.id))?.state).toBe('started');
  });

  it('finds a participant by their id or a link parameter’s exact value, in the study only', async () => {
    const found = await join(study.code, { PROLIFIC_PID: 'pid-found' });
    await keepParam(found.id, study.id, 'PROLIFIC_PID', 'pid-found');
    const elsewhere = await join(other.code, { PROLIFIC_PID: 'pid-elsewhere' });
    await keepParam(elsewhere.id, other.id, 'PROLIFIC_PID', 'pid-elsewhere');
    const find = (q: string, client = owner) =>
      client.get<FindParticipantResponse>(
        `/api/studies/${study.id}/participants/find?q=${encodeURIComponent(q)}`,
      );
    const shown = found.id.slice(0, 8);
    for (const q of [found.id, found.id.toUpperCase(), ` ${found.id} `, shown, 'pid-found']) {
      const res = await find(q);
      expect(res.status, q).toBe(200);
      expect(
        res.body.participants.map((p) => p.id),
        q,
      ).toEqual([found.id]);
    }
    // Exact values only, and never another study's participant.
    for (const q of [
      'pid-fou',
      'PID-FOUND',
      'pid-elsewhere',
      elsewhere.id,
      shown.slice(0, 7),
      `${shown}%`,
      '%%%%%%%%',
    ]) {
      const res = await find(q);
      expect(res.status, q).toBe(200);
      expect(res.body.participants, q).toEqual([]);
    }
    for (const path of [
      'find',
      'find?q=',
      'find?q=%20',
      `find?q=${'x'.repeat(201)}`,
      'find?q=a&x=1',
    ]) {
      const res = await owner.get(`/api/studies/${study.id}/participants/${path}`);
      expect(res.status, path).toBe(400);
    }
    expect((await find('pid-found', stranger)).status).toBe(404);
  });

  it('deletes a participant’s data at a researcher’s request, audited, and the participant’s cookie then takes no step', async () => {
    const { browser, id } = await join(study.code, { PROLIFIC_PID: 'pid-deleted' });
    await keepParam(id, study.id, 'PROLIFIC_PID', 'pid-deleted');
    const run = await takeFirstTask(browser);
    const counts = await dataOf(id);
    const del = (participantId: string, client = owner) =>
      client.post<DeleteParticipantDataResponse>(
        `/api/studies/${study.id}/participants/${participantId}/delete`,
      );

    // Refused, changing nothing: a stranger, a participant of another study, unknown ids.
    const outsider = await join(other.code);
    expect((await del(id, stranger)).status).toBe(404);
    const elsewhere = await del(outsider.id);
    expect(elsewhere.status).toBe(404);
    expect(JSON.stringify(elsewhere.body)).toContain(PARTICIPANT_NOT_FOUND.message);
    expect((await del('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await del('not-an-id')).status).toBe(404);
    expect(await dataOf(id)).toEqual(counts);
    expect((await participantRow(outsider.id))?.state).toBe('started');

    const asked = t.deps.now();
    const deleted = await del(id.toUpperCase());
    expect(deleted.status).toBe(200);
    expect(deleted.body.deleted).toEqual({ runs: counts.runs, trials: counts.trials });
    expect(deleted.body.participant).toMatchObject({
      id,
      state: 'withdrawn',
      params: {},
      withdrawnBy: 'researcher',
    });
    expect(Date.parse(deleted.body.participant.withdrawnAt ?? '')).toBeGreaterThanOrEqual(
      asked.getTime(),
    );
    expect(await dataOf(id)).toEqual({ runs: 0, trials: 0, sessions: 0, params: 0 });
    await expectEveryStepRefused(browser, run.id);
    const me = await browser.get<Answer>(`${base}/me`);
    expect(me.body.participation.end).toEqual({ kind: 'withdrawn', redirectUrl: null });

    // Again: nothing left to delete, the first deletion's time and requester kept.
    t.clock.offsetMs += 60_000;
    const again = await del(id);
    expect(again.status).toBe(200);
    expect(again.body.deleted).toEqual({ runs: 0, trials: 0 });
    expect(again.body.participant.withdrawnAt).toBe(deleted.body.participant.withdrawnAt);

    const [ownerRow] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'owner@example.com'));
    const entries = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'STUDY_PARTICIPANT_DELETE'));
    const common = { studyId: study.id, studyCode: study.code, participantId: id };
    expect(
      entries
        .filter((entry) => (entry.details as { participantId?: string }).participantId === id)
        .map(({ actorId, details }) => ({ actorId, details })),
    ).toEqual([
      { actorId: ownerRow?.id, details: { ...common, runs: counts.runs, trials: counts.trials } },
      { actorId: ownerRow?.id, details: { ...common, runs: 0, trials: 0 } },
    ]);
    // Refusals leave no entry.
    expect(
      entries.filter((entry) => (entry.details as { participantId?: string }).participantId !== id),
    ).toEqual([]);
    const admin = await signUpAdmin(t, { email: 'audit-admin@example.com' });
    const log = await admin.get<{ entries: { action: string; actorEmail: string | null }[] }>(
      '/api/admin/audit-log',
    );
    expect(
      log.body.entries.filter((entry) => entry.action === 'STUDY_PARTICIPANT_DELETE'),
    ).toHaveLength(2);
  });

  it('counts the stopped and the withdrawn on the dashboard, and exports the withdrawn without their trials', async () => {
    const dashboard = await owner.get<StudyDashboard>(`/api/studies/${study.id}/dashboard`);
    expect(dashboard.status).toBe(200);
    const rows = await t.database.db
      .select({ id: studyParticipants.id, state: studyParticipants.state })
      .from(studyParticipants)
      .where(and(eq(studyParticipants.studyId, study.id), eq(studyParticipants.isPreview, false)));
    const stopped = rows.filter((row) => row.state === 'stopped');
    const withdrawn = rows.filter((row) => row.state === 'withdrawn');
    expect(stopped.length).toBe(1);
    expect(withdrawn.length).toBe(2);
    expect(dashboard.body.counts).toMatchObject({ stopped: 1, withdrawn: 2 });
    const listed = dashboard.body.participants.rows.filter((row) => row.state === 'withdrawn');
    expect(listed.map((row) => row.withdrawnBy).sort()).toEqual(['participant', 'researcher']);
    const filtered = await owner.get<StudyDashboard>(
      `/api/studies/${study.id}/dashboard?state=withdrawn`,
    );
    expect(filtered.body.participants.total).toBe(2);

    const people = await owner.get<string>(`/api/studies/${study.id}/export?table=participants`);
    const [header = [], ...lines] = parseCsv(people.body);
    const column = (name: string) => header.indexOf(name);
    for (const { id } of withdrawn) {
      const line = lines.find((l) => l[column('participant_id')] === id);
      expect(line?.[column('state')]).toBe('withdrawn');
      expect(line?.[column('withdrawn_at')]).not.toBe('');
      // The link's parameters are gone, whichever columns the export shows them in.
      expect(line?.join(',')).not.toMatch(/pid-withdraws|pid-deleted/);
      expect(line?.[column('age')]).toBe('');
    }
    const trialsCsv = await owner.get<string>(`/api/studies/${study.id}/export?table=trials`);
    const [trialHeader = [], ...trialLines] = parseCsv(trialsCsv.body);
    const who = new Set(trialLines.map((l) => l[trialHeader.indexOf('participant_id')]));
    for (const { id } of withdrawn) expect(who.has(id)).toBe(false);
    for (const { id } of stopped) expect(who.has(id)).toBe(true);
  });
});
