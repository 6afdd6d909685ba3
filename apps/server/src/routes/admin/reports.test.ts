import { findTask, type TaskReportResponse, TEST_TYPES } from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResults } from '../../db/schema';
import {
  type FinishedRunInput,
  insertFinishedRun,
} from '../../services/results/insert-finished-run';
import { rescoreStoredRuns } from '../../services/results/rescore';
import { insertUser, signUpAdmin } from '../../testing/admin-fixtures';
import { DEVICE_INFO, MEASUREMENT } from '../../testing/fixture-run';
import { createTestContext, type TestClient, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';

type Row = [
  phase: stroop.Phase,
  trialNumber: number,
  cue: stroop.Cue,
  isSwitch: boolean,
  isCorrect: boolean,
  rt: number,
];

/** A run of hand-picked trials: only the fields the report reads matter. */
function runOf(userId: string, rows: Row[], isMock = false): FinishedRunInput {
  const start = new Date('2026-02-01T10:00:00Z');
  return {
    task: stroop.stroopTask,
    userId,
    seed: 'report-fixture',
    config: stroop.DEFAULT_CONFIG,
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

describe.each(TEST_DATABASE_KINDS)('the aggregate Stroop report (ADR 029) on %s', (kind) => {
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

  const EMPTY = {
    participantCount: 0,
    runCount: 0,
    trialCount: 0,
    rtTrialCount: 0,
    errorTrialCount: 0,
    meanRtMs: null,
    errorRatePercent: null,
    trialWeightedMeanRtMs: null,
    trialWeightedErrorRatePercent: null,
  };

  it('has four empty cells before anyone has taken the test', async () => {
    const body = await report('');
    expect(body).toEqual({
      testType: 'stroopTest',
      includeMock: true,
      includeImplausible: false,
      scoringVersion: 3,
      runCount: 0,
      participantCount: 0,
      runsAwaitingRescore: 0,
      totalTrials: 0,
      cells: [
        { cell: 'switch, word', label: 'Word cue, switch', ...EMPTY },
        { cell: 'noswitch, word', label: 'Word cue, repeat', ...EMPTY },
        { cell: 'switch, color', label: 'Colour cue, switch', ...EMPTY },
        { cell: 'noswitch, color', label: 'Colour cue, repeat', ...EMPTY },
      ],
    });
  });

  it('gives a cell with no correct trial a null mean and 100 % errors; mock data can be left out', async () => {
    const cy = await insertUser(t.database.db, { email: 'cy@example.com' });
    await insertFinishedRun(
      t.database,
      runOf(
        cy,
        [
          ['test', 0, 'Color', false, true, 500],
          ['test', 1, 'Color', false, false, 800],
        ],
        true,
      ),
    );
    const withMock = await report('?includeMock=true');
    // Trial 0 is in no cell: it has no trial before it.
    expect(withMock).toMatchObject({ runCount: 1, participantCount: 1, totalTrials: 1 });
    expect(withMock.cells[3]).toEqual({
      cell: 'noswitch, color',
      label: 'Colour cue, repeat',
      ...EMPTY,
      participantCount: 1,
      runCount: 1,
      trialCount: 1,
      errorTrialCount: 1,
      errorRatePercent: 100,
      trialWeightedErrorRatePercent: 100,
    });
    const real = await report('?includeMock=false');
    expect(real).toMatchObject({ runCount: 0, participantCount: 0, totalTrials: 0 });
    expect(real.cells.every((c) => c.trialCount === 0 && c.errorRatePercent === null)).toBe(true);
  });

  it("applies the runs' own exclusions and weights participants equally, then trials", async () => {
    const ada = await insertUser(t.database.db, { email: 'ada@example.com' });
    const bob = await insertUser(t.database.db, { email: 'bob@example.com' });
    await insertFinishedRun(
      t.database,
      runOf(ada, [
        ['test', 0, 'Color', false, true, 500], // first: no cell
        ['test', 1, 'Color', false, false, 900], // an error
        ['test', 2, 'Word', true, true, 700], // after an error: left out of both
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
        ['test', 1, 'Color', false, true, 650],
        ['test', 2, 'Word', true, false, 1000], // an error
        ['test', 3, 'Word', false, true, 450], // after an error
        ['test', 4, 'Color', true, true, 650],
      ]),
    );
    await insertFinishedRun(
      t.database,
      runOf(
        ada,
        [
          ['test', 0, 'Color', false, true, 500],
          ['test', 1, 'Color', false, true, 300],
        ],
        true,
      ),
    );

    // Real runs: Colour repeat is ada 600 (1 error in 2) and bob 650 (0 in 1); Word switch has
    // only bob's error; Word repeat only ada's 400; Colour switch ada 800 and bob 650.
    const real = await report('?includeMock=false');
    expect(real).toMatchObject({
      includeMock: false,
      runCount: 2,
      participantCount: 2,
      totalTrials: 9,
    });
    const pick = (cells: TaskReportResponse['cells']) =>
      cells.map((c) => [
        c.cell,
        c.participantCount,
        c.trialCount,
        c.meanRtMs,
        c.errorRatePercent,
        c.trialWeightedMeanRtMs,
        c.trialWeightedErrorRatePercent,
      ]);
    expect(pick(real.cells)).toEqual([
      ['switch, word', 2, 2, null, 100, null, 100],
      ['noswitch, word', 2, 2, 400, 0, 400, 0],
      ['switch, color', 2, 2, 725, 0, 725, 0],
      ['noswitch, color', 2, 3, 625, 25, 625, expect.closeTo(100 / 3, 9)],
    ]);

    // With mock data: ada's mock run adds a correct 300 to Colour repeat, so ada's mean of her
    // two runs is (600 + 300) / 2 = 450 with (50 + 0) / 2 = 25 % errors, and cy's run an
    // error. Participant-weighted: (450 + 650) / 2 = 550 ms (cy has no RT), (25 + 0 + 100) / 3 %
    // errors; trial-weighted: (600 + 300 + 650) / 3 ms, 2 errors in 5 trials.
    const all = await report('?includeMock=true');
    expect(all).toMatchObject({ runCount: 4, participantCount: 3 });
    const colorRepeat = all.cells.find((c) => c.cell === 'noswitch, color');
    expect(colorRepeat).toMatchObject({
      participantCount: 3,
      runCount: 4,
      trialCount: 5,
      rtTrialCount: 3,
      errorTrialCount: 5,
      meanRtMs: 550,
      errorRatePercent: expect.closeTo(125 / 3, 9),
      trialWeightedMeanRtMs: expect.closeTo(1550 / 3, 9),
      trialWeightedErrorRatePercent: 40,
    });
  });

  it('counts only finished runs scored by the current version, and says how many wait', async () => {
    const dee = await insertUser(t.database.db, { email: 'dee@example.com' });
    const id = await insertFinishedRun(
      t.database,
      runOf(dee, [
        ['test', 0, 'Color', false, true, 500],
        ['test', 1, 'Color', false, true, 500],
      ]),
    );
    const before = await report('?includeMock=false');
    await t.database.db
      .update(testResults)
      .set({ scoringVersion: 1 })
      .where(eq(testResults.id, id));
    const after = await report('?includeMock=false');
    expect(after.runCount).toBe(before.runCount - 1);
    expect(after.runsAwaitingRescore).toBe(1);
    expect(await rescoreStoredRuns(t.database)).toBe(1);
    expect(await report('?includeMock=false')).toEqual(before);
  });

  it('refuses anything but true or false for includeMock', async () => {
    for (const query of ['?includeMock=1', '?includeMock=', '?mock=true']) {
      const res = await admin.get(`/api/admin/reports/stroopTest${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('answers the report of a test type a task implements, and 404 for any other', async () => {
    const stroopReport = await admin.get<TaskReportResponse>('/api/admin/reports/stroopTest');
    expect(stroopReport.status).toBe(200);
    expect(stroopReport.body.testType).toBe('stroopTest');
    expect(stroopReport.body.cells.map((c) => c.cell)).toEqual(
      stroop.stroopTask.reportCells.map((c) => c.key),
    );
    // Test types of the list that no task implements yet, a made-up one, and 'stroop' (close to
    // a test type, but not one).
    const unbuilt = TEST_TYPES.filter((type) => !findTask(type));
    for (const testType of [...unbuilt, 'noSuchTest', 'stroop']) {
      const res = await admin.get(`/api/admin/reports/${testType}`);
      expect(res.status, testType).toBe(404);
      expect(res.body.error.code, testType).toBe('NOT_FOUND');
    }
  });
});
