import type {
  AuditLogResponse,
  StudyDashboard,
  StudyDetail,
  StudyParticipantRow,
} from '@cogni/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, studyParticipants, testResults, testSessions, trials } from '../db/schema';
import { signUpAdmin, userIdOf } from '../testing/admin-fixtures';
import { parseCsv } from '../testing/parse-csv';
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

type ExportJson = {
  exportedAt: string;
  columns: { name: string; type: string; description: string }[];
  rows: Record<string, string | number | boolean | null>[];
};

/** The columns both tables of the study's pseudonymous data begin with. */
const PARTICIPANT_COLUMNS = [
  'study_code',
  'study_version',
  'participant_id',
  'participant_excluded',
  'arm',
  'order_row',
  'response_mapping',
];
/** What an export with the panel ids adds after them: the fixture study's two parameters. */
const PARAM_COLUMNS = ['param_PROLIFIC_PID', 'param_STUDY_ID'];

/** The median as percentile_cont(0.5) gives it: the mean of the two middle values of an even count. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(middle)] ?? 0) + (sorted[Math.ceil(middle)] ?? 0)) / 2;
}

/**
 * The study's dashboard, the exclude toggle and the study's data (ADR 040, step e) through
 * HTTP: participants at different steps, a preview kept out, an excluded participant kept in
 * the data and out of the figures, on both databases.
 */
describe.each(TEST_DATABASE_KINDS)('a study’s dashboard and data on %s', (kind) => {
  let t: TestContext;
  let owner: TestClient;
  let collaborator: TestClient;
  let stranger: TestClient;
  let study: StudyDetail;
  let base: string;
  /** The participants' ids, by the name the test gives them. */
  const ids: Record<string, string> = {};

  /** Moves the server's clock on by `ms`, then sends the participant's step. */
  async function after(ms: number, browser: TestClient, path: string, body: unknown = {}) {
    t.clock.offsetMs += ms;
    const res = await browser.post(`${base}${path}`, body);
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  }

  /** A new participant by the open link: the newest of the study who is not a preview. */
  async function join(name: string, params: Record<string, string> = {}) {
    const { browser } = await joinStudy(t, study.code, params);
    const [row] = await t.database.db
      .select({ id: studyParticipants.id })
      .from(studyParticipants)
      .where(and(eq(studyParticipants.studyId, study.id), eq(studyParticipants.isPreview, false)))
      .orderBy(desc(studyParticipants.startedAt))
      .limit(1);
    ids[name] = row?.id ?? '';
    return browser;
  }

  const dashboard = (client: TestClient, query = '') =>
    client.get<StudyDashboard>(`/api/studies/${study.id}/dashboard${query}`);
  const exclude = (client: TestClient, participantId: string, body: unknown) =>
    client.post<{ participant: StudyParticipantRow }>(
      `/api/studies/${study.id}/participants/${participantId}/exclude`,
      body,
    );

  beforeAll(async () => {
    t = await createTestContext(kind);
    owner = await signUpResearcher(t, 'owner@example.com');
    collaborator = await signUpResearcher(t, 'collaborator@example.com');
    stranger = await signUpResearcher(t, 'stranger@example.com');
    study = await openStudy(owner);
    base = participationPath(study.code);
    const added = await owner.post(`/api/studies/${study.id}/collaborators`, {
      email: 'collaborator@example.com',
    });
    expect(added.status).toBe(200);

    // Ana does everything; Ben stops at the first task, Cleo after consent; Dan declines, Eve
    // only starts; Finn takes the first task and is then excluded by the researcher.
    const ana = await join('ana', { PROLIFIC_PID: 'pid-ana', STUDY_ID: 'st-1' });
    await after(1_000, ana, '/consent', { agree: true });
    await after(3_000, ana, '/steps/1/done');
    t.clock.offsetMs += 500;
    await takeTaskStep(t, ana, study.code, 2);
    await after(2_000, ana, '/steps/3/done', { answers: { age: 34, handedness: 'left' } });
    await after(1_000, ana, '/steps/4/done');
    await takeTaskStep(t, ana, study.code, 5);
    await after(1_000, ana, '/steps/6/done');
    await after(0, ana, '/finish');

    const ben = await join('ben', { PROLIFIC_PID: 'pid-ben' });
    await after(3_000, ben, '/consent', { agree: true });
    await after(5_000, ben, '/steps/1/done');

    const cleo = await join('cleo', { PROLIFIC_PID: '=HYPERLINK("x")' });
    await after(2_000, cleo, '/consent', { agree: true });

    const dan = await join('dan');
    await after(4_000, dan, '/consent', { agree: false });

    await join('eve');

    const finn = await join('finn', { PROLIFIC_PID: 'pid-finn' });
    await after(100_000, finn, '/consent', { agree: true });
    await after(1_000, finn, '/steps/1/done');
    await takeTaskStep(t, finn, study.code, 2);
    expect((await exclude(owner, ids.finn ?? '', { excluded: true })).status).toBe(200);

    // The researcher's run-through, with a task: listed, never counted, never exported.
    const previewer = t.client();
    previewer.cookie = owner.cookie;
    t.clock.offsetMs += 1_000;
    expect((await previewer.post(`/api/studies/${study.id}/preview`)).status).toBe(201);
    await after(1_000, previewer, '/consent', { agree: true });
    await after(1_000, previewer, '/steps/1/done');
    await takeTaskStep(t, previewer, study.code, 2);
  }, 120_000);
  afterAll(() => t.close());

  it('counts participants by state, previews left out and the excluded apart', async () => {
    const res = await dashboard(owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.counts).toEqual({
      started: 1,
      consented: 2,
      declined: 1,
      completed: 1,
      abandoned: 0,
      stopped: 0,
      withdrawn: 0,
      excluded: 1,
    });
  });

  it('gives the funnel of the newest version’s steps: who reached each, the excluded left out', async () => {
    const { funnel } = (await dashboard(owner)).body;
    expect(funnel).toEqual(
      STUDY_CONTENT.steps.map((step, index) => ({
        step: index,
        title: step.title,
        kind: step.kind,
        // Ana, Ben, Cleo, Dan and Eve started; Ana, Ben and Cleo consented; Ana and Ben did the
        // page; only Ana went further.
        reached: [5, 3, 2, 1, 1, 1, 1][index],
      })),
    );
  });

  it('gives the median time of each step, from the step before it (or the start) being done', async () => {
    const { stepTimes } = (await dashboard(owner)).body;
    // The oracle: the stored times of the participants who count.
    const rows = await t.database.db
      .select()
      .from(studyParticipants)
      .where(
        and(
          eq(studyParticipants.studyId, study.id),
          eq(studyParticipants.isPreview, false),
          eq(studyParticipants.excluded, false),
        ),
      );
    const durations = STUDY_CONTENT.steps.map((_, step) =>
      rows
        .filter((row) => row.stepsDoneAt.length > step)
        .map(
          (row) =>
            (row.stepsDoneAt[step]?.getTime() ?? 0) -
            (step === 0 ? row.startedAt.getTime() : (row.stepsDoneAt[step - 1]?.getTime() ?? 0)),
        ),
    );
    expect(stepTimes.map((s) => s.step)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const { step, medianMs } of stepTimes) {
      const expected = median(durations[step] ?? []);
      if (expected === null) expect(medianMs, `step ${step}`).toBeNull();
      else expect(medianMs, `step ${step}`).toBeCloseTo(expected, 3);
    }
    // As the clock moved: consent 1, 3 and 2 s (Finn's 100 s left out), the page 3 and 5 s.
    const consent = stepTimes[0]?.medianMs ?? 0;
    expect(consent).toBeGreaterThanOrEqual(2_000);
    expect(consent).toBeLessThan(3_000);
    const page = stepTimes[1]?.medianMs ?? 0;
    expect(page).toBeGreaterThanOrEqual(4_000);
    expect(page).toBeLessThan(5_000);
  });

  it('lists participants newest first, previews marked, paged and filtered by state', async () => {
    const all = (await dashboard(owner, '?pageSize=100')).body.participants;
    expect(all.total).toBe(7);
    expect(all.rows.map((row) => row.isPreview)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const byId = new Map(all.rows.map((row) => [row.id, row]));
    expect(byId.get(ids.ana ?? '')).toMatchObject({
      version: 1,
      state: 'completed',
      stepsDone: 7,
      currentStep: null,
      params: { PROLIFIC_PID: 'pid-ana', STUDY_ID: 'st-1' },
      excluded: false,
      isPreview: false,
      flags: { implausibleRuns: 0, tabHidden: false, windowBlurred: false },
    });
    expect(byId.get(ids.ana ?? '')?.finishedAt).not.toBeNull();
    expect(byId.get(ids.ben ?? '')).toMatchObject({ stepsDone: 2, currentStep: 'Digits' });
    expect(byId.get(ids.eve ?? '')).toMatchObject({ state: 'started', currentStep: 'Consent' });
    expect(byId.get(ids.finn ?? '')).toMatchObject({ excluded: true, state: 'consented' });

    const second = (await dashboard(owner, '?page=2&pageSize=2')).body.participants;
    expect(second).toMatchObject({ total: 7, page: 2, pageSize: 2 });
    expect(second.rows.map((row) => row.id)).toEqual(all.rows.slice(2, 4).map((row) => row.id));

    // The table lists the preview too (it consented); the counts leave it out.
    const consented = (await dashboard(owner, '?state=consented')).body.participants;
    expect(consented.total).toBe(4);
    expect(new Set(consented.rows.map((row) => row.id))).toEqual(
      new Set([ids.ben, ids.cleo, ids.finn, all.rows[0]?.id]),
    );
    // The filter is the table's: the counts stay the study's.
    expect((await dashboard(owner, '?state=declined')).body.counts.completed).toBe(1);
  });

  it('flags implausible runs, a hidden page and a blurred window, from the participant’s runs', async () => {
    const db = t.database.db;
    const runs = await db
      .select({ id: testResults.id, sessionId: testResults.sessionId })
      .from(testResults)
      .where(eq(testResults.participantId, ids.ana ?? ''));
    expect(runs).toHaveLength(2);
    await db
      .update(testResults)
      .set({ implausibleReason: 'too fast' })
      .where(eq(testResults.id, runs[0]?.id ?? ''));
    const [session] = await db
      .select({ measurement: testSessions.measurement })
      .from(testSessions)
      .where(eq(testSessions.id, runs[1]?.sessionId ?? ''));
    await db
      .update(testSessions)
      .set({
        measurement: {
          ...(session?.measurement as object),
          attentionEvents: [
            { type: 'blur', atMs: 10 },
            { type: 'focus', atMs: 20 },
          ],
        },
      })
      .where(eq(testSessions.id, runs[1]?.sessionId ?? ''));
    const rows = (await dashboard(owner)).body.participants.rows;
    expect(rows.find((row) => row.id === ids.ana)?.flags).toEqual({
      implausibleRuns: 1,
      tabHidden: false,
      windowBlurred: true,
    });
    await db
      .update(testResults)
      .set({ implausibleReason: null })
      .where(eq(testResults.participantId, ids.ana ?? ''));
  });

  it('excludes and includes a participant again, keeping their data; refuses bad input and another study’s participant', async () => {
    const cleo = ids.cleo ?? '';
    const on = await exclude(collaborator, cleo, { excluded: true });
    expect(on.status).toBe(200);
    expect(on.body.participant).toMatchObject({ id: cleo, excluded: true, stepsDone: 1 });
    let counts = (await dashboard(owner)).body.counts;
    expect(counts).toMatchObject({ consented: 1, excluded: 2 });
    const off = await exclude(owner, cleo, { excluded: false });
    expect(off.body.participant.excluded).toBe(false);
    counts = (await dashboard(owner)).body.counts;
    expect(counts).toMatchObject({ consented: 2, excluded: 1 });

    const [before] = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.id, cleo));
    for (const body of [{ excluded: 'yes' }, {}, { excluded: true, extra: 1 }]) {
      const res = await exclude(owner, cleo, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const bad = await owner.post(`/api/studies/${study.id}/participants/${cleo}/exclude`, {
      excluded: 'yes',
    });
    expect(bad.body.error.fields).toHaveProperty('excluded');

    // A participant of another study of the same researcher, through this study: not found.
    const other = await openStudy(owner);
    await joinStudy(t, other.code);
    const [stranger1] = await t.database.db
      .select({ id: studyParticipants.id })
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, other.id));
    const elsewhere = await exclude(owner, stranger1?.id ?? '', { excluded: true });
    expect(elsewhere.status).toBe(404);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await exclude(owner, id, { excluded: true })).status, id).toBe(404);
    }
    const [still] = await t.database.db
      .select({ excluded: studyParticipants.excluded })
      .from(studyParticipants)
      .where(eq(studyParticipants.id, stranger1?.id ?? ''));
    expect(still?.excluded).toBe(false);
    const [after1] = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.id, cleo));
    expect(after1).toEqual(before);
  });

  it('exports one row per trial of the participants’ runs as CSV, with the study’s columns and no preview', async () => {
    const res = await collaborator.get<string>(`/api/studies/${study.id}/export?format=csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`attachment; filename="study-${study.code}-trials-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
    );
    const [header = [], ...rows] = parseCsv(res.body);
    expect(header.slice(0, 12)).toEqual([
      ...PARTICIPANT_COLUMNS,
      'study_step',
      'study_position',
      'result_id',
      'session_id',
      'test_type',
    ]);
    expect(header).not.toContain('user_id');
    expect(header).not.toContain('result_is_preview');
    expect(header).toContain('reaction_time_ms');
    expect(header).toContain('result_implausible_reason');

    // Every trial of Ana's two runs and Finn's one, Ana's first (she started first).
    const runs = await t.database.db
      .select({ id: testResults.id })
      .from(testResults)
      .where(inArray(testResults.participantId, [ids.ana ?? '', ids.finn ?? '']));
    const stored = await t.database.db
      .select({ id: trials.id })
      .from(trials)
      .where(
        inArray(
          trials.resultId,
          runs.map((run) => run.id),
        ),
      );
    expect(rows).toHaveLength(stored.length);
    const column = (name: string) => header.indexOf(name);
    const participantsInOrder = [...new Set(rows.map((row) => row[column('participant_id')]))];
    expect(participantsInOrder).toEqual([ids.ana, ids.finn]);
    const ana = rows.filter((row) => row[column('participant_id')] === ids.ana);
    expect(new Set(ana.map((row) => row[column('study_step')]))).toEqual(new Set(['2', '5']));
    expect(ana[0]?.[column('study_code')]).toBe(study.code);
    expect(ana[0]?.[column('study_version')]).toBe('1');
    expect(ana[0]?.[column('participant_excluded')]).toBe('false');
    const finn = rows.filter((row) => row[column('participant_id')] === ids.finn);
    expect(finn[0]?.[column('participant_excluded')]).toBe('true');
    // Runs in order, each run's trials in run order: a run's rows are together.
    const runOrder = rows.map((row) => row[column('result_id')]);
    expect(runOrder.filter((id, i) => id !== runOrder[i - 1])).toHaveLength(3);
    // Pseudonymous by default: no panel id anywhere in the file.
    expect(header.filter((name) => name.startsWith('param_'))).toEqual([]);
    expect(res.body).not.toContain('pid-ana');

    // With the panel ids (an audited choice): the same rows, each participant's parameters after
    // the participant's columns.
    const withParams = parseCsv(
      (await owner.get<string>(`/api/studies/${study.id}/export?withParams=true`)).body,
    );
    const [paramHeader = [], ...paramRows] = withParams;
    expect(paramHeader.slice(0, PARTICIPANT_COLUMNS.length + 2)).toEqual([
      ...PARTICIPANT_COLUMNS,
      ...PARAM_COLUMNS,
    ]);
    expect(paramRows).toHaveLength(rows.length);
    const at = (name: string) => paramHeader.indexOf(name);
    const anaWith = paramRows.find((row) => row[at('participant_id')] === ids.ana);
    expect(anaWith?.[at('param_PROLIFIC_PID')]).toBe('pid-ana');
    expect(anaWith?.[at('param_STUDY_ID')]).toBe('st-1');
    const finnWith = paramRows.find((row) => row[at('participant_id')] === ids.finn);
    expect(finnWith?.[at('param_PROLIFIC_PID')]).toBe('pid-finn');
    expect(finnWith?.[at('param_STUDY_ID')]).toBe('');
    expect((await owner.get(`/api/studies/${study.id}/export?withParams=yes`)).status).toBe(400);
  });

  it('exports the same trials as JSON with the dictionary of its columns', async () => {
    const csv = parseCsv((await owner.get<string>(`/api/studies/${study.id}/export`)).body);
    const res = await owner.get<ExportJson>(
      `/api/studies/${study.id}/export?format=json&table=trials`,
    );
    expect(res.status).toBe(200);
    expect(res.body.columns.map((c) => c.name)).toEqual(csv[0]);
    expect(res.body.rows).toHaveLength(csv.length - 1);
    expect(Object.keys(res.body.rows[0] ?? {})).toEqual(csv[0]);
    expect(res.body.rows[0]?.study_step).toBe(2);
    expect(res.body.rows[0]?.participant_excluded).toBe(false);

    const dictionary = await owner.get<ExportJson>(
      `/api/studies/${study.id}/export/dictionary?format=json&table=trials`,
    );
    expect(dictionary.status).toBe(200);
    expect(dictionary.body.rows.map((row) => row.name)).toEqual(csv[0]);
    expect(dictionary.body.rows.map((row) => row.name)).not.toContain('param_PROLIFIC_PID');
    const withParams = await owner.get<ExportJson>(
      `/api/studies/${study.id}/export/dictionary?format=json&table=trials&withParams=true`,
    );
    const param = withParams.body.rows.find((row) => row.name === 'param_PROLIFIC_PID');
    expect(param).toMatchObject({ type: 'string' });
    expect(param?.description).toContain('PROLIFIC_PID');
    const dictionaryCsv = await owner.get<string>(
      `/api/studies/${study.id}/export/dictionary?table=trials`,
    );
    expect(parseCsv(dictionaryCsv.body)[0]).toEqual(['name', 'type', 'description']);
  });

  it('exports one row per participant, previews left out, with consent, parameters and answers', async () => {
    const res = await owner.get<string>(`/api/studies/${study.id}/export?table=participants`);
    expect(res.status).toBe(200);
    const [header = [], ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      ...PARTICIPANT_COLUMNS,
      'state',
      'consent_hash',
      'consented_at',
      'steps_done',
      'step_order',
      'started_at',
      'last_seen_at',
      'finished_at',
      'withdrawn_at',
      'completion_code',
      'age',
      'gender',
      'handedness',
      'first_language',
    ]);
    const column = (name: string) => header.indexOf(name);
    expect(rows.map((row) => row[column('participant_id')])).toEqual(
      ['ana', 'ben', 'cleo', 'dan', 'eve', 'finn'].map((name) => ids[name]),
    );
    const [ana, , cleo, dan] = rows;
    expect(ana?.[column('state')]).toBe('completed');
    expect(ana?.[column('consent_hash')]).toBe(study.versions[0]?.contentHash);
    expect(ana?.[column('completion_code')]).toBe(STUDY_SETTINGS.completionCode);
    expect(ana?.[column('age')]).toBe('34');
    expect(ana?.[column('handedness')]).toBe('left');
    expect(ana?.[column('gender')]).toBe('');
    expect(ana?.[column('steps_done')]).toBe('7');
    // A study without a design: one implicit arm, the version's order.
    expect(ana?.[column('arm')]).toBe('');
    expect(ana?.[column('order_row')]).toBe('');
    expect(ana?.[column('step_order')]).toBe('0 1 2 3 4 5 6');
    // A captured value that reads as a formula is defused, as in every export.
    const [paramHeader = [], ...paramRows] = parseCsv(
      (
        await owner.get<string>(
          `/api/studies/${study.id}/export?table=participants&withParams=true`,
        )
      ).body,
    );
    const cleoWith = paramRows.find(
      (row) => row[paramHeader.indexOf('participant_id')] === cleo?.[column('participant_id')],
    );
    expect(cleoWith?.[paramHeader.indexOf('param_PROLIFIC_PID')]).toBe('\'=HYPERLINK("x")');
    expect(dan?.[column('state')]).toBe('declined');
    expect(dan?.[column('consent_hash')]).toBe('');
    expect(dan?.[column('completion_code')]).toBe('');

    const json = await owner.get<ExportJson>(
      `/api/studies/${study.id}/export?format=json&table=participants`,
    );
    expect(json.body.rows).toHaveLength(6);
    expect(json.body.rows[0]).toMatchObject({
      age: 34,
      steps_done: 7,
      participant_excluded: false,
    });
    const dictionary = await owner.get<ExportJson>(
      `/api/studies/${study.id}/export/dictionary?format=json&table=participants`,
    );
    expect(dictionary.body.rows.map((row) => row.name)).toEqual(header);
  });

  it('keeps the column of a parameter the study no longer captures, after those it does', async () => {
    const changed = await owner.request('PUT', `/api/studies/${study.id}`, {
      body: {
        settings: { ...STUDY_SETTINGS, capturedParams: ['SESSION_ID', 'PROLIFIC_PID'] },
        content: STUDY_CONTENT,
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [header] = parseCsv(
      (
        await owner.get<string>(
          `/api/studies/${study.id}/export?table=participants&withParams=true`,
        )
      ).body,
    );
    expect(header?.filter((name) => name.startsWith('param_'))).toEqual([
      'param_SESSION_ID',
      'param_PROLIFIC_PID',
      'param_STUDY_ID',
    ]);
    const restored = await owner.request('PUT', `/api/studies/${study.id}`, {
      body: { settings: STUDY_SETTINGS, content: STUDY_CONTENT },
    });
    expect(restored.status).toBe(200);
  });

  it('answers a bad query with a 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['/export?format=xml', 'format'],
      ['/export?table=results', 'table'],
      ['/export/dictionary?table=', 'table'],
      ['/dashboard?page=0', 'page'],
      ['/dashboard?pageSize=1000', 'pageSize'],
      ['/dashboard?state=finished', 'state'],
      ['/dashboard?sort=name', 'sort'],
    ];
    for (const [path, field] of cases) {
      const res = await owner.get(`/api/studies/${study.id}${path}`);
      expect(res.status, path).toBe(400);
      expect(res.body.error.fields, path).toHaveProperty([field]);
    }
  });

  it('shows a collaborator everything and another researcher nothing', async () => {
    expect((await dashboard(collaborator)).status).toBe(200);
    const paths = ['/dashboard', '/export', '/export?table=participants', '/export/dictionary'];
    for (const path of paths) {
      const res = await stranger.get(`/api/studies/${study.id}${path}`);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body), path).not.toContain(study.code);
    }
    const refused = await exclude(stranger, ids.eve ?? '', { excluded: true });
    expect(refused.status).toBe(404);
    const [eve] = await t.database.db
      .select({ excluded: studyParticipants.excluded })
      .from(studyParticipants)
      .where(eq(studyParticipants.id, ids.eve ?? ''));
    expect(eve?.excluded).toBe(false);
  });
  it('records every download of the study’s data and every exclusion in the audit log, which an admin reads; refusals leave none', async () => {
    const studyActions = ['STUDY_DATA_EXPORT', 'STUDY_PARTICIPANT_EXCLUDE'];
    const recorded = () =>
      t.database.db.select().from(adminAuditLog).where(inArray(adminAuditLog.action, studyActions));
    const before = new Set((await recorded()).map((entry) => entry.id));
    const newEntries = async () => (await recorded()).filter((entry) => !before.has(entry.id));

    // Refused: a stranger's download, a bad table, bad exclusion input, an unknown participant;
    // the dictionary holds no data and is not recorded.
    expect((await stranger.get(`/api/studies/${study.id}/export`)).status).toBe(404);
    expect((await owner.get(`/api/studies/${study.id}/export?table=users`)).status).toBe(400);
    expect((await exclude(owner, ids.eve ?? '', { excluded: 'yes' })).status).toBe(400);
    expect(
      (await exclude(owner, '00000000-0000-4000-8000-000000000000', { excluded: true })).status,
    ).toBe(404);
    const dictionary = await owner.get(`/api/studies/${study.id}/export/dictionary`);
    expect(dictionary.status).toBe(200);
    expect(await newEntries()).toEqual([]);

    const download = await collaborator.get(
      `/api/studies/${study.id}/export?format=json&table=participants`,
    );
    expect(download.status).toBe(200);
    const identified = await owner.get(`/api/studies/${study.id}/export?withParams=true`);
    expect(identified.status).toBe(200);
    expect((await exclude(owner, ids.eve ?? '', { excluded: true })).status).toBe(200);
    expect((await exclude(owner, ids.eve ?? '', { excluded: false })).status).toBe(200);
    const collaboratorId = await userIdOf(t.database.db, 'collaborator@example.com');
    const ownerId = await userIdOf(t.database.db, 'owner@example.com');
    const entries = await newEntries();
    const common = { studyId: study.id, studyCode: study.code };
    expect(
      entries.map(({ actorId, action, targetUserId, details }) => ({
        actorId,
        action,
        targetUserId,
        details,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          actorId: collaboratorId,
          action: 'STUDY_DATA_EXPORT',
          targetUserId: null,
          details: { ...common, table: 'participants', format: 'json', withParams: false },
        },
        {
          actorId: ownerId,
          action: 'STUDY_DATA_EXPORT',
          targetUserId: null,
          details: { ...common, table: 'trials', format: 'csv', withParams: true },
        },
        {
          actorId: ownerId,
          action: 'STUDY_PARTICIPANT_EXCLUDE',
          targetUserId: null,
          details: { ...common, participantId: ids.eve, excluded: true },
        },
        {
          actorId: ownerId,
          action: 'STUDY_PARTICIPANT_EXCLUDE',
          targetUserId: null,
          details: { ...common, participantId: ids.eve, excluded: false },
        },
      ]),
    );
    expect(entries).toHaveLength(4);

    // An admin's audit log lists them with the actor's email; a researcher may not read it.
    const admin = await signUpAdmin(t, { email: 'audit-admin@example.com' });
    const log = await admin.get<AuditLogResponse>('/api/admin/audit-log');
    expect(log.status).toBe(200);
    const listed = log.body.entries.filter((entry) => studyActions.includes(entry.action));
    expect(listed.map((entry) => entry.actorEmail)).toEqual(
      expect.arrayContaining(['collaborator@example.com', 'owner@example.com']),
    );
    expect((await owner.get('/api/admin/audit-log')).status).toBe(403);
  });
  it('keeps the funnel on the newest version’s steps, counting an older version’s participants by step index', async () => {
    const steps = [
      ...STUDY_CONTENT.steps.slice(0, 2),
      { kind: 'info', title: 'One more page', text: 'Nearly there.' },
      ...STUDY_CONTENT.steps.slice(2),
    ];
    const saved = await owner.request<{ study: StudyDetail }>('PUT', `/api/studies/${study.id}`, {
      body: { settings: STUDY_SETTINGS, content: { ...STUDY_CONTENT, steps } },
    });
    expect(saved.body.study.version).toBe(2);
    t.clock.offsetMs += 1_000;
    await join('gus');
    const body = (await dashboard(owner)).body;
    expect(body.funnel.map((step) => step.title)).toEqual(steps.map((step) => step.title));
    // Ana did all seven steps of version 1: she counts up to the eighth step's index.
    expect(body.funnel.map((step) => step.reached)).toEqual([6, 3, 2, 1, 1, 1, 1, 1]);
    expect(body.stepTimes.map((step) => step.step)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(body.participants.rows[0]).toMatchObject({
      id: ids.gus,
      version: 2,
      currentStep: 'Consent',
    });
    expect(body.participants.rows.find((row) => row.id === ids.ben)).toMatchObject({
      version: 1,
      currentStep: 'Digits',
    });
  });
});
