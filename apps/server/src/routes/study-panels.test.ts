import type { Participation, StudyDetail, StudyLanding } from '@cogni/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyAssignments, studyParticipantParams, studyParticipants } from '../db/schema';
import { PANEL_ID_USED, STUDY_FULL } from '../services/participation/participation';
import {
  openStudy,
  participationPath,
  STUDY_CONTENT,
  STUDY_SETTINGS,
  signUpResearcher,
} from '../testing/study-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

type ErrorBody = { error: { code: string; message: string; redirectUrl?: string } };
type Started = { participation: Participation };

/** Prolific's conventions: its three parameters, its participant id single use, its codes. */
const PROLIFIC = {
  ...STUDY_SETTINGS,
  name: 'On Prolific',
  panel: 'prolific',
  capturedParams: ['PROLIFIC_PID', 'STUDY_ID', 'SESSION_ID'],
  panelIdParam: 'PROLIFIC_PID',
  completionUrl: 'https://app.prolific.com/submissions/complete?cc={COMPLETION_CODE}',
  completionCode: 'C0MPL3TE',
  screenOutCode: 'SCR33N0UT',
  declineUrl: null,
};
const SCREEN_OUT = 'https://app.prolific.com/submissions/complete?cc=SCR33N0UT';

/**
 * Panel presets (ADR 041, step d) through HTTP on both databases: the panel id single use per
 * study under concurrent starts, the captured parameters kept apart from the participant's row,
 * a full study and declined consent sent to the panel's screen-out URL, SONA's credit URL.
 */
describe.each(TEST_DATABASE_KINDS)('a study on a recruitment panel on %s', (kind) => {
  let t: TestContext;
  let owner: TestClient;

  beforeAll(async () => {
    t = await createTestContext(kind);
    owner = await signUpResearcher(t, 'panel-owner@example.com');
  });
  afterAll(() => t.close());

  const start = (code: string, params: Record<string, string>, browser = t.client()) =>
    browser.post<Started | ErrorBody>(`${participationPath(code)}/start`, { params });

  it('lets a Prolific id take part once, whatever the browser, and sends it back with the screen-out code', async () => {
    const study = await openStudy(owner, { settings: PROLIFIC, content: STUDY_CONTENT });
    const first = await start(study.code, {
      PROLIFIC_PID: 'pid-1',
      STUDY_ID: 'st',
      SESSION_ID: 'se-1',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    // The parameters are kept apart from the participant's row; the panel id is marked.
    const kept = await t.database.db
      .select()
      .from(studyParticipantParams)
      .where(eq(studyParticipantParams.studyId, study.id));
    expect(
      kept
        .map(({ name, value, isPanelId }) => ({ name, value, isPanelId }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'PROLIFIC_PID', value: 'pid-1', isPanelId: true },
      { name: 'SESSION_ID', value: 'se-1', isPanelId: false },
      { name: 'STUDY_ID', value: 'st', isPanelId: false },
    ]);
    // A study of one cell is assigned without counting anyone, and its log says so.
    const [logged] = await t.database.db
      .select()
      .from(studyAssignments)
      .where(eq(studyAssignments.studyId, study.id));
    expect(logged).toMatchObject({ rule: 'single-cell/1', counts: {}, cellKey: 'arm=-|row=-' });

    // The same id in a new browser (another device, cleared cookies): refused, with where to go.
    const again = await start(study.code, { PROLIFIC_PID: 'pid-1', SESSION_ID: 'se-2' });
    expect(again.status).toBe(409);
    expect((again.body as ErrorBody).error).toMatchObject({
      message: PANEL_ID_USED.message,
      redirectUrl: SCREEN_OUT,
    });
    // Another id, and a link without any (a researcher trying the link), each start.
    expect((await start(study.code, { PROLIFIC_PID: 'pid-2' })).status).toBe(201);
    expect((await start(study.code, {})).status).toBe(201);
    expect((await start(study.code, {})).status).toBe(201);
    const rows = await t.database.db
      .select()
      .from(studyParticipants)
      .where(eq(studyParticipants.studyId, study.id));
    expect(rows).toHaveLength(4);
  });

  it('starts one participant when the same panel id arrives from ten browsers at once', async () => {
    const study = await openStudy(owner, { settings: PROLIFIC, content: STUDY_CONTENT });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => start(study.code, { PROLIFIC_PID: 'pid-race' })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    const panelIds = await t.database.db
      .select()
      .from(studyParticipantParams)
      .where(
        and(
          eq(studyParticipantParams.studyId, study.id),
          eq(studyParticipantParams.isPanelId, true),
        ),
      );
    expect(panelIds).toHaveLength(1);
  });

  it('sends a participant of a full study, and one who declines consent, to the screen-out URL', async () => {
    const study = await openStudy(owner, {
      settings: { ...PROLIFIC, participantCap: 1 },
      content: STUDY_CONTENT,
    });
    const browser = t.client();
    expect((await start(study.code, { PROLIFIC_PID: 'pid-a' }, browser)).status).toBe(201);
    const full = await start(study.code, { PROLIFIC_PID: 'pid-b' });
    expect(full.status).toBe(409);
    expect((full.body as ErrorBody).error).toMatchObject({
      message: STUDY_FULL.message,
      redirectUrl: SCREEN_OUT,
    });
    // The landing page of the full study offers the same way back before anyone presses Start.
    const landing = await t.client().get<{ study: StudyLanding }>(participationPath(study.code));
    expect(landing.body.study).toMatchObject({ availability: 'full', screenOutUrl: SCREEN_OUT });
    const declined = await browser.post<{ participation: Participation }>(
      `${participationPath(study.code)}/consent`,
      { agree: false },
    );
    expect(declined.status).toBe(200);
    expect(declined.body.participation.end).toEqual({
      kind: 'declined',
      message: PROLIFIC.declineMessage,
      redirectUrl: SCREEN_OUT,
    });
  });

  it('gives a generic study no screen-out URL, and keeps its parameters without single use', async () => {
    const study = await openStudy(owner, {
      settings: { ...STUDY_SETTINGS, participantCap: 2 },
      content: STUDY_CONTENT,
    });
    expect((await start(study.code, { PROLIFIC_PID: 'same' })).status).toBe(201);
    expect((await start(study.code, { PROLIFIC_PID: 'same' })).status).toBe(201);
    const full = await start(study.code, { PROLIFIC_PID: 'same' });
    expect(full.status).toBe(409);
    expect((full.body as ErrorBody).error.redirectUrl).toBeUndefined();
    const landing = await t.client().get<{ study: StudyLanding }>(participationPath(study.code));
    expect(landing.body.study).toMatchObject({ availability: 'full', screenOutUrl: null });
  });

  it('fills SONA’s credit URL with the survey code, once the participant has finished', async () => {
    const study: StudyDetail = await openStudy(owner, {
      settings: {
        ...STUDY_SETTINGS,
        panel: 'sona',
        capturedParams: ['id'],
        panelIdParam: 'id',
        completionCode: null,
        completionUrl:
          'https://uni.sona-systems.com/webstudy_credit.aspx?experiment_id=12&credit_token=ab&survey_code={id}',
      },
      content: {
        title: 'Short',
        description: '',
        steps: [{ kind: 'info', title: 'Hello', text: 'Just this.' }],
      },
    });
    const browser = t.client();
    expect((await start(study.code, { id: '40125' }, browser)).status).toBe(201);
    const path = participationPath(study.code);
    expect((await browser.post(`${path}/steps/0/done`, {})).status).toBe(200);
    const finished = await browser.post<{ participation: Participation }>(`${path}/finish`, {});
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(finished.body.participation.end).toMatchObject({
      kind: 'completed',
      redirectUrl:
        'https://uni.sona-systems.com/webstudy_credit.aspx?experiment_id=12&credit_token=ab&survey_code=40125',
    });
    expect((await start(study.code, { id: '40125' })).status).toBe(409);
  });

  it('refuses a panel id parameter the study does not capture, and saves nothing', async () => {
    const res = await owner.post<ErrorBody & { error: { fields?: Record<string, string> } }>(
      '/api/studies',
      {
        settings: { ...PROLIFIC, panelIdParam: 'WORKER_ID' },
        content: STUDY_CONTENT,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.error.fields?.['settings.panelIdParam']).toBe(
      'The panel id parameter WORKER_ID must be one of the captured parameters',
    );
  });
});
