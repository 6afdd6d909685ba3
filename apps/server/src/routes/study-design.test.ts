import type { Participation, StudyDetail } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyParticipants, testResults } from '../db/schema';
import { DEVICE_INFO, MEASUREMENT } from '../testing/fixture-run';
import { parseCsv } from '../testing/parse-csv';
import {
  joinStudy,
  openStudy,
  participationPath,
  STUDY_SETTINGS,
  signUpResearcher,
  THREE_TASK_STEPS,
  takeTaskStep,
} from '../testing/study-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/** Consent, three tasks in a balanced Latin square, a debrief; the response mapping balanced. */
const CONTENT = {
  title: 'Three tasks',
  description: 'In an order of your own.',
  steps: THREE_TASK_STEPS,
  design: {
    order: { scheme: 'latinSquare', group: { first: 1, last: 3 } },
    factors: ['responseMapping'],
  },
};

/**
 * A study's design through HTTP (ADR 041, step b): refused designs, each participant's own
 * order and settings, their runs keeping the version's step numbers, the export's columns.
 */
describe.each(TEST_DATABASE_KINDS)('a study design through the API on %s', (kind) => {
  let t: TestContext;
  let researcher: TestClient;
  let study: StudyDetail;

  beforeAll(async () => {
    t = await createTestContext(kind);
    researcher = await signUpResearcher(t, 'designer@example.com');
    study = await openStudy(researcher, { settings: STUDY_SETTINGS, content: CONTENT });
  });
  afterAll(() => t.close());

  it('refuses a design its steps cannot carry, naming the field, and saves nothing', async () => {
    const bad = {
      ...CONTENT,
      design: { order: { scheme: 'latinSquare', group: { first: 0, last: 4 } } },
    };
    const res = await researcher.post('/api/studies', { settings: STUDY_SETTINGS, content: bad });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty(['content.design.order.group']);
    const list = await researcher.get<{ studies: unknown[] }>('/api/studies');
    expect(list.body.studies).toHaveLength(1);
  });

  it('gives each participant the steps of their row, with the mapping of their level', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const { participation } = await joinStudy(t, study.code);
      const [row] = await t.database.db
        .select()
        .from(studyParticipants)
        .where(eq(studyParticipants.studyId, study.id))
        .orderBy(studyParticipants.startedAt)
        .offset(i)
        .limit(1);
      if (!row) throw new Error('no participant');
      const titles = row.stepOrder.map((index) => CONTENT.steps[index]?.title);
      expect(participation.steps.map((step) => step.title)).toEqual(titles);
      expect(titles[0]).toBe('Consent');
      expect(titles.at(-1)).toBe('Thank you');
      const nBack = participation.steps.find(
        (step) => step.kind === 'task' && step.testType === 'nbackTest',
      );
      const level = (row.factorLevels as { responseMapping?: string }).responseMapping;
      expect(nBack?.kind === 'task' && nBack.config.keyMapping).toBe(level);
      // Go/No-Go's go stimulus follows the same level.
      const goNoGo = participation.steps.find(
        (step) => step.kind === 'task' && step.testType === 'goNoGoTest',
      );
      expect(goNoGo?.kind === 'task' && goNoGo.config.goMapping).toBe(level);
      seen.add(row.cellKey);
    }
    // Twelve cells (six rows, two levels): six participants in six different ones.
    expect(seen.size).toBe(6);
  });

  it('runs the task at the participant’s position, keeping the version’s step number on the run and in the data', async () => {
    const { browser, participation } = await joinStudy(t, study.code);
    const base = participationPath(study.code);
    expect((await browser.post(`${base}/consent`, { agree: true })).status).toBe(200);
    const first = participation.steps[1];
    if (first?.kind !== 'task') throw new Error('step 2 is not a task');
    const run = await takeTaskStep(t, browser, study.code, 1);
    expect(run.testType).toBe(first.testType);
    const versionStep = CONTENT.steps.findIndex((step) => step.title === first.title);
    const [stored] = await t.database.db
      .select({ studyStep: testResults.studyStep })
      .from(testResults)
      .where(eq(testResults.id, run.id));
    expect(stored?.studyStep).toBe(versionStep);

    const me = await browser.get<{ participation: Participation }>(`${base}/me`);
    expect(me.body.participation.stepsDone).toBe(2);
    expect(me.body.participation.runs).toEqual([{ step: 1, runId: run.id, completed: true }]);
    // A task further on is refused out of order.
    const body = { deviceInfo: DEVICE_INFO, measurement: MEASUREMENT };
    expect((await browser.post(`${base}/steps/3/run`, body)).status).toBe(409);

    const csv = await researcher.get<string>(`/api/studies/${study.id}/export`);
    const [header = [], ...rows] = parseCsv(csv.body);
    const column = (name: string) => header.indexOf(name);
    const ours = rows.filter((r) => r[column('result_id')] === run.id);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours[0]?.[column('study_step')]).toBe(String(versionStep));
    expect(ours[0]?.[column('study_position')]).toBe('1');
    expect(ours[0]?.[column('order_row')]).toMatch(/^[0-5]$/);
    expect(ours[0]?.[column('response_mapping')]).toMatch(/^[AB]$/);
  });
});
