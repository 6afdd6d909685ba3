import {
  type Cue,
  DEFAULT_STROOP_CONFIG,
  type Phase,
  stroopTask,
  type TaskReportResponse,
} from '@cogni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FinishedRunInput,
  insertFinishedRun,
} from '../../services/results/insert-finished-run';
import { insertUser, signUpAdmin } from '../../testing/admin-fixtures';
import { DEVICE_INFO, MEASUREMENT } from '../../testing/fixture-run';
import { createTestContext, type TestClient, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';

type Row = [
  phase: Phase,
  trialNumber: number,
  cue: Cue,
  isSwitch: boolean,
  isCorrect: boolean,
  rt: number,
];

/** A run of hand-picked trials: only the fields the report reads matter. */
function runOf(userId: string, rows: Row[], isMock = false): FinishedRunInput {
  const start = new Date('2026-02-01T10:00:00Z');
  return {
    task: stroopTask,
    userId,
    seed: 'report-fixture',
    config: DEFAULT_STROOP_CONFIG,
    startTime: start,
    endTime: start,
    deviceInfo: DEVICE_INFO,
    measurement: MEASUREMENT,
    isMock,
    trials: rows.map(([phase, trialNumber, cueWord, isSwitch, isCorrect, reactionTime]) => ({
      phase,
      trialNumber,
      cueWord,
      stimulusWord: 'RED',
      stimulusColor: 'blue',
      response: isCorrect ? (cueWord === 'Color' ? 'B' : 'R') : 'G',
      reactionTime,
      isCorrect,
      isSwitch,
      isCongruent: false,
      startTime: start.toISOString(),
      endTime: start.toISOString(),
      timing: null,
    })),
  };
}

describe.each(TEST_DATABASE_KINDS)('the aggregate Stroop report (D18) on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
  });
  afterAll(() => t.close());

  async function report(query: string): Promise<TaskReportResponse> {
    const res = await admin.get<TaskReportResponse>(`/api/admin/reports/stroopTest${query}`);
    expect(res.status).toBe(200);
    return res.body;
  }

  it('has four empty cells before anyone has taken the test', async () => {
    const body = await report('');
    expect(body).toEqual({
      testType: 'stroopTest',
      includeMock: true,
      includeImplausible: false,
      totalTrials: 0,
      cells: [
        {
          cell: 'switch, word',
          label: 'Word cue, switch',
          trialCount: 0,
          meanRtMs: null,
          errorRatePercent: null,
        },
        {
          cell: 'noswitch, word',
          label: 'Word cue, repeat',
          trialCount: 0,
          meanRtMs: null,
          errorRatePercent: null,
        },
        {
          cell: 'switch, color',
          label: 'Colour cue, switch',
          trialCount: 0,
          meanRtMs: null,
          errorRatePercent: null,
        },
        {
          cell: 'noswitch, color',
          label: 'Colour cue, repeat',
          trialCount: 0,
          meanRtMs: null,
          errorRatePercent: null,
        },
      ],
    });
  });

  it('gives a cell with no correct trial a null mean and 100 % errors; mock data can be left out', async () => {
    const cy = await insertUser(t.database.db, { email: 'cy@example.com' });
    await insertFinishedRun(t.database, runOf(cy, [['test', 6, 'Word', true, false, 800]], true));
    const withMock = await report('?includeMock=true');
    expect(withMock.totalTrials).toBe(1);
    expect(withMock.cells[0]).toEqual({
      cell: 'switch, word',
      label: 'Word cue, switch',
      trialCount: 1,
      meanRtMs: null,
      errorRatePercent: 100,
    });
    const real = await report('?includeMock=false');
    expect(real.totalTrials).toBe(0);
    expect(real.cells.every((c) => c.trialCount === 0 && c.errorRatePercent === null)).toBe(true);
  });

  it('equals hand-computed values over test trials of all users, with and without mock data', async () => {
    const ada = await insertUser(t.database.db, { email: 'ada@example.com' });
    const bob = await insertUser(t.database.db, { email: 'bob@example.com' });
    await insertFinishedRun(
      t.database,
      runOf(ada, [
        ['test', 0, 'Color', false, true, 500],
        ['test', 1, 'Color', false, false, 900],
        ['test', 2, 'Word', true, true, 700],
        ['test', 3, 'Word', false, true, 400],
        ['test', 4, 'Color', true, true, 800],
        ['test', 5, 'Color', false, true, 600],
        // Practice and sample trials are not in the report.
        ['practice', 2, 'Word', true, false, 9999],
        ['sample', 0, 'Color', false, true, 1],
      ]),
    );
    await insertFinishedRun(
      t.database,
      runOf(bob, [
        ['test', 0, 'Color', false, true, 550],
        ['test', 2, 'Word', true, false, 1000],
        ['test', 3, 'Word', false, true, 450],
        ['test', 4, 'Color', true, true, 650],
      ]),
    );
    await insertFinishedRun(
      t.database,
      runOf(
        ada,
        [
          ['test', 1, 'Color', false, false, 200],
          ['test', 2, 'Word', true, true, 300],
        ],
        true,
      ),
    );

    // Real trials only. 'noswitch, color': 500, 900 (wrong), 600, 550 -> mean of correct
    // (500 + 600 + 550) / 3 = 550, 1 error in 4. 'switch, word': 700, 1000 (wrong) -> 700, 1 in 2.
    const real = await report('?includeMock=false');
    expect(real.includeMock).toBe(false);
    expect(real.totalTrials).toBe(10);
    expect(
      real.cells.map(({ cell, trialCount, meanRtMs, errorRatePercent }) => [
        cell,
        trialCount,
        meanRtMs,
        errorRatePercent,
      ]),
    ).toEqual([
      ['switch, word', 2, 700, 50],
      ['noswitch, word', 2, 425, 0],
      ['switch, color', 2, 725, 0],
      ['noswitch, color', 4, 550, 25],
    ]);

    // With the mock runs: 'switch, word' gains 300 (correct) and cy's wrong 800 ->
    // (700 + 300) / 2 = 500, 2 errors in 4; 'noswitch, color' gains a wrong 200 -> mean
    // unchanged, 2 errors in 5.
    const all = await report('?includeMock=true');
    expect(all.totalTrials).toBe(13);
    const cells = Object.fromEntries(all.cells.map((c) => [c.cell, c]));
    expect(cells['switch, word']).toMatchObject({
      trialCount: 4,
      meanRtMs: 500,
      errorRatePercent: 50,
    });
    expect(cells['noswitch, color']).toMatchObject({
      trialCount: 5,
      meanRtMs: 550,
      errorRatePercent: 40,
    });
    expect(cells['noswitch, word']).toMatchObject({
      trialCount: 2,
      meanRtMs: 425,
      errorRatePercent: 0,
    });
    expect(cells['switch, color']).toMatchObject({
      trialCount: 2,
      meanRtMs: 725,
      errorRatePercent: 0,
    });
  });

  it('refuses anything but true or false for includeMock', async () => {
    for (const query of ['?includeMock=1', '?includeMock=', '?mock=true']) {
      const res = await admin.get(`/api/admin/reports/stroopTest${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('answers the report of a test type a task implements, and 404 for any other', async () => {
    const stroop = await admin.get<TaskReportResponse>('/api/admin/reports/stroopTest');
    expect(stroop.status).toBe(200);
    expect(stroop.body.testType).toBe('stroopTest');
    expect(stroop.body.cells.map((c) => c.cell)).toEqual(stroopTask.reportCells.map((c) => c.key));
    // A test type of the list that no task implements yet, a made-up one, and the old path.
    for (const testType of ['nbackTest', 'noSuchTest', 'stroop']) {
      const res = await admin.get(`/api/admin/reports/${testType}`);
      expect(res.status, testType).toBe(404);
      expect(res.body.error.code, testType).toBe('NOT_FOUND');
    }
  });
});
