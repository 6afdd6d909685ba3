import {
  type AdminResult,
  type AdminResultListResponse,
  type AdminResultTrialsResponse,
  RESEARCH_EXPORT_COLUMNS,
  TASKS,
} from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResults, testSessions, trials } from '../../db/schema';
import { insertFinishedRun } from '../../services/results/insert-finished-run';
import { insertUser, signUpAdmin } from '../../testing/admin-fixtures';
import { fixtureFinishedRun } from '../../testing/fixture-run';
import { parseCsv } from '../../testing/parse-csv';
import { createTestContext, type TestClient, type TestContext } from '../../testing/test-app';
import { TEST_DATABASE_KINDS } from '../../testing/test-database';

/** Stroop's own export columns, after the common ones. */
const STROOP_COLUMNS = [
  'cue_word',
  'stimulus_word',
  'stimulus_color',
  'is_switch',
  'is_congruent',
  'cue_onset_ms',
];

/** The research export's columns: the common ones, then each registered task's own (ADR 027). */
const RESEARCH_HEADER = [
  ...RESEARCH_EXPORT_COLUMNS.map((c) => c.name),
  ...TASKS.flatMap((task) => task.exportColumns.map((c) => c.name)),
];

/** The other tasks' columns, after Stroop's (the first task). */
const OTHER_TASKS_BLANK: null[] = RESEARCH_HEADER.slice(
  RESEARCH_EXPORT_COLUMNS.length + STROOP_COLUMNS.length,
).map(() => null);

/** Stroop's own fields of a stored trial (`trials.fields`). */
function stroopFieldsOf(row: { fields: unknown }) {
  return row.fields as {
    cueWord: string;
    stimulusWord: string;
    stimulusColor: string;
    isSwitch: boolean;
    isCongruent: boolean | null;
  };
}

/** A stored value as the CSV writes it. */
function asCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

describe.each(TEST_DATABASE_KINDS)('admin test results and research export on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  let adaId: string;
  let bobId: string;
  /** R1 ada 10 Jan, R2 bob 12 Jan 23:30, R3 ada 13 Jan (mock), U bob 14 Jan (unfinished). */
  const ids = { r1: '', r2: '', r3: '', u: '' };
  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
    const db = t.database.db;
    adaId = await insertUser(db, { email: 'ada@example.com', firstName: 'Ada', lastName: 'L' });
    bobId = await insertUser(db, { email: 'bob@example.com', firstName: 'Bob', lastName: 'B' });
    ids.r1 = await insertFinishedRun(
      t.database,
      fixtureFinishedRun(adaId, new Date('2026-01-10T10:00:00Z')),
    );
    ids.r2 = await insertFinishedRun(
      t.database,
      fixtureFinishedRun(bobId, new Date('2026-01-12T23:30:00Z')),
    );
    ids.r3 = await insertFinishedRun(
      t.database,
      fixtureFinishedRun(adaId, new Date('2026-01-13T00:30:00Z'), { isMock: true }),
    );
    // An unfinished run: three trials of a fourth fixture, no summary.
    const unfinished = fixtureFinishedRun(bobId, new Date('2026-01-14T09:00:00Z'));
    ids.u = await insertFinishedRun(t.database, {
      ...unfinished,
      trials: unfinished.trials.slice(0, 3),
    });
    await db
      .update(testResults)
      .set({ endTime: null, overallScore: null })
      .where(eq(testResults.id, ids.u));
    // R1's session saw two attention events when it completed.
    const [r1] = await db.select().from(testResults).where(eq(testResults.id, ids.r1));
    const [session] = await db
      .select()
      .from(testSessions)
      .where(eq(testSessions.id, r1?.sessionId ?? ''));
    await db
      .update(testSessions)
      .set({
        measurement: {
          ...(session?.measurement as object),
          attentionEvents: [
            { type: 'blur', atMs: 1 },
            { type: 'focus', atMs: 2 },
          ],
        },
      })
      .where(eq(testSessions.id, session?.id ?? ''));
  });
  afterAll(() => t.close());

  async function listIds(query = ''): Promise<string[]> {
    const res = await admin.get<AdminResultListResponse>(`/api/admin/results${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.results.map((r) => r.id);
  }

  it("lists every user's results, newest first, with owner, scores and trial count", async () => {
    const res = await admin.get<AdminResultListResponse>('/api/admin/results');
    expect(res.body).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    expect(res.body.results.map((r) => r.id)).toEqual([ids.u, ids.r3, ids.r2, ids.r1]);
    const [u, r3, , r1] = res.body.results as AdminResult[];
    expect(u).toMatchObject({
      userId: bobId,
      userEmail: 'bob@example.com',
      endTime: null,
      isMock: false,
      trialCount: 3,
      scores: null,
    });
    expect(r3).toMatchObject({ userEmail: 'ada@example.com', isMock: true, trialCount: 168 });
    expect(r1).toMatchObject({
      userId: adaId,
      userEmail: 'ada@example.com',
      userFirstName: 'Ada',
      userLastName: 'L',
      testType: 'stroopTest',
      startTime: '2026-01-10T10:00:00.000Z',
      endTime: '2026-01-10T10:12:00.000Z',
      trialCount: 168,
      // The fixture run: 132 of 144 correct; 600.25 ms on Color, 450.25 ms on Word trials.
      scores: {
        overallScore: 91,
        totalTrials: 144,
        correctTrials: 132,
        averageReactionTime: expect.closeTo((56 * 600.25 + 60 * 450.25) / 116, 9),
        scoringVersion: 3,
        scores: {
          colorNamingAccuracy: expect.closeTo((56 / 68) * 100, 9),
          wordReadingAccuracy: 100,
          interferenceEffect: 150,
        },
      },
    });
  });

  it('filters by user, test type, start date and mock flag, and pages', async () => {
    expect(await listIds(`?userId=${adaId}`)).toEqual([ids.r3, ids.r1]);
    expect(await listIds('?includeMock=false')).toEqual([ids.u, ids.r2, ids.r1]);
    expect(await listIds('?includeMock=true&testType=stroopTest')).toHaveLength(4);
    expect(await listIds('?testType=nbackTest')).toEqual([]);
    // A day is all of that day (UTC), at either end.
    expect(await listIds('?from=2026-01-12&to=2026-01-12')).toEqual([ids.r2]);
    expect(await listIds('?from=2026-01-13T00:00:00Z')).toEqual([ids.u, ids.r3]);
    expect(await listIds('?to=2026-01-10T10:00:00.000Z')).toEqual([ids.r1]);
    expect(await listIds('?from=2026-01-12T23:30:00.001Z&to=2026-01-13')).toEqual([ids.r3]);
    expect(await listIds(`?userId=${bobId}&includeMock=false&from=2026-01-13`)).toEqual([ids.u]);
    const page = await admin.get('/api/admin/results?page=2&pageSize=3');
    expect(page.body.results.map((r: AdminResult) => r.id)).toEqual([ids.r1]);
    expect(page.body).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    const filteredTotal = await admin.get(`/api/admin/results?userId=${adaId}&pageSize=1`);
    expect(filteredTotal.body.total).toBe(2);
  });

  it.each([
    ['from=2026-13-01', 'from'],
    ['from=yesterday', 'from'],
    ['to=2026-01-10&from=2026-01-11', 'to'],
    ['includeMock=yes', 'includeMock'],
    ['testType=chess', 'testType'],
    ['userId=', 'userId'],
    ['page=-1', 'page'],
    ['user=ada', 'user'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    for (const path of ['/api/admin/results', '/api/admin/export']) {
      const isPaging = query.startsWith('page');
      if (path.endsWith('export') && isPaging) continue;
      const res = await admin.get(`${path}?${query}`);
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body.error.fields)).toEqual([field]);
    }
  });

  it('opens a result to its metrics and every trial, as stored, in run order', async () => {
    const res = await admin.get<AdminResultTrialsResponse>(`/api/admin/results/${ids.r1}/trials`);
    expect(res.status).toBe(200);
    const listed = (await admin.get(`/api/admin/results?userId=${adaId}`)).body.results;
    expect(res.body.result).toEqual(listed.find((r: AdminResult) => r.id === ids.r1));
    // Stroop's cells and exclusions are among its scores (ADR 029).
    const scores = res.body.result.scores?.scores as stroop.ScoresV2 | undefined;
    expect(scores?.cells['noswitch, color']).toEqual(expect.any(Object));
    expect(scores?.exclusions.first).toBe(4);
    const stored = await t.database.db
      .select()
      .from(trials)
      .where(eq(trials.resultId, ids.r1))
      .orderBy(asc(trials.createdAt));
    expect(res.body.trials).toHaveLength(168);
    const phases = ['sample', 'practice', 'test'];
    const inRunOrder = [...stored].sort(
      (a, b) =>
        phases.indexOf(a.phase) - phases.indexOf(b.phase) ||
        a.block - b.block ||
        a.trialNumber - b.trialNumber,
    );
    expect(res.body.trials).toEqual(
      inRunOrder.map((row) => ({
        phase: row.phase,
        block: row.block,
        trialNumber: row.trialNumber,
        // Stroop's own fields, stored in `fields`, beside the envelope.
        cueWord: stroopFieldsOf(row).cueWord,
        stimulusWord: stroopFieldsOf(row).stimulusWord,
        stimulusColor: stroopFieldsOf(row).stimulusColor,
        response: row.response,
        reactionTime: row.reactionTime,
        isCorrect: row.isCorrect,
        inputModality: row.inputModality,
        isSwitch: stroopFieldsOf(row).isSwitch,
        isCongruent: stroopFieldsOf(row).isCongruent,
        startTime: row.startTime?.toISOString() ?? null,
        endTime: row.endTime?.toISOString() ?? null,
        timing: row.timing,
        flags: row.flags,
        // The run's scoring stored each test trial's exclusions; other phases are not scored.
        exclusions: row.exclusions,
      })),
    );
    expect(stored.filter((row) => row.exclusions !== null)).toHaveLength(144);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const missing = await admin.get(`/api/admin/results/${id}/trials`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe('Result not found');
    }
  });

  /** Every stored trial of the given results as the export must write it, results in that order. */
  async function expectedRows(resultIds: string[]): Promise<string[][]> {
    const rows: string[][] = [];
    for (const resultId of resultIds) {
      const [owner] = await t.database.db
        .select()
        .from(testResults)
        .innerJoin(testSessions, eq(testSessions.id, testResults.sessionId))
        .where(eq(testResults.id, resultId));
      if (!owner) throw new Error(`no result ${resultId}`);
      const { test_results: result, test_sessions: session } = owner;
      const device = session.deviceInfo as Record<string, unknown>;
      const measurement = session.measurement as Record<string, unknown>;
      const stored = (
        await t.database.db.select().from(trials).where(eq(trials.resultId, resultId))
      ).sort(
        (a, b) =>
          ['sample', 'practice', 'test'].indexOf(a.phase) -
            ['sample', 'practice', 'test'].indexOf(b.phase) ||
          a.block - b.block ||
          a.trialNumber - b.trialNumber,
      );
      for (const trial of stored) {
        const timing = (trial.timing ?? {}) as Record<string, unknown>;
        const fields = stroopFieldsOf(trial);
        rows.push(
          [
            result.userId,
            result.id,
            result.sessionId,
            result.testType,
            result.startTime,
            result.endTime,
            result.isMock,
            trial.phase,
            trial.block,
            trial.trialNumber,
            trial.response,
            trial.reactionTime,
            trial.isCorrect,
            trial.inputModality,
            trial.startTime,
            trial.endTime,
            timing.stimulusOnsetMs,
            timing.responseTimestampMs,
            timing.onsetMethod,
            timing.wasInterrupted,
            result.scoringVersion,
            trial.exclusions === null ? null : trial.exclusions.join(' ') || 'none',
            session.seed,
            device.type,
            device.userAgent,
            device.screenWidth,
            device.screenHeight,
            measurement.crossOriginIsolated,
            measurement.hasElementTiming,
            measurement.frameIntervalMs,
            measurement.inputType,
            measurement.timeOriginMs,
            (measurement.attentionEvents as unknown[] | undefined)?.length,
            result.isPreview,
            result.implausibleReason,
            result.abandonedAt,
            trial.flags.join(' '),
            // Stroop's own columns, from its stored fields (ADR 027).
            fields.cueWord,
            fields.stimulusWord,
            fields.stimulusColor,
            fields.isSwitch,
            fields.isCongruent,
            timing.cueOnsetMs,
            // The other tasks' columns are empty on a Stroop row.
            ...OTHER_TASKS_BLANK,
          ].map(asCell),
        );
      }
    }
    return rows;
  }

  it('exports every trial as CSV, one row each, equal to the database', async () => {
    const res = await admin.get<string>('/api/admin/export?format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cogni-research-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(RESEARCH_HEADER);
    expect(
      header?.slice(RESEARCH_EXPORT_COLUMNS.length, RESEARCH_EXPORT_COLUMNS.length + 6),
    ).toEqual(STROOP_COLUMNS);
    expect(rows).toHaveLength(3 * 168 + 3);
    // Results oldest first; the unfinished run's trials are exported too.
    expect(rows).toEqual(await expectedRows([ids.r1, ids.r2, ids.r3, ids.u]));
    const attention = header?.indexOf('attention_event_count') ?? -1;
    expect(rows[0]?.[attention]).toBe('2');
    expect(rows[168]?.[attention]).toBe('');
  });

  it('exports only the filtered results, and as JSON with the data dictionary', async () => {
    const query = `userId=${bobId}&includeMock=false`;
    const csv = parseCsv((await admin.get<string>(`/api/admin/export?${query}`)).body);
    expect(csv.slice(1)).toEqual(await expectedRows([ids.r2, ids.u]));

    const res = await admin.get(`/api/admin/export?${query}&format=json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/\.json"$/);
    expect(res.body.columns.map((c: { name: string }) => c.name)).toEqual(csv[0]);
    for (const column of res.body.columns) expect(column.description).not.toBe('');
    const asText = (v: unknown) => (v === null ? '' : String(v));
    expect(res.body.rows.map((r: Record<string, unknown>) => Object.values(r).map(asText))).toEqual(
      csv.slice(1),
    );
    expect(res.body.rows[0]).toMatchObject({ user_id: bobId, screen_width: 1280, is_mock: false });

    const mockOnly = parseCsv(
      (await admin.get<string>('/api/admin/export?from=2026-01-13&to=2026-01-13')).body,
    );
    expect(mockOnly.slice(1)).toEqual(await expectedRows([ids.r3]));
    const none = parseCsv((await admin.get<string>('/api/admin/export?testType=sartTest')).body);
    expect(none).toEqual([RESEARCH_HEADER]);
    const bad = await admin.get('/api/admin/export?format=xlsx');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['format']);
  });

  it('serves the data dictionary as CSV and JSON', async () => {
    const csv = await admin.get<string>('/api/admin/export/dictionary');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="cogni-research-export-dictionary.csv"',
    );
    const expected = RESEARCH_EXPORT_COLUMNS.map(({ name, type, description }) => ({
      name,
      type,
      description,
    }));
    const json = await admin.get('/api/admin/export/dictionary?format=json');
    expect(json.body.rows.map((r: { name: string }) => r.name)).toEqual(RESEARCH_HEADER);
    expect(json.body.rows.slice(0, expected.length)).toEqual(expected);
    // Each task's own columns follow, described as that task's.
    expect(json.body.rows.slice(expected.length)).toEqual(
      TASKS.flatMap((task) =>
        task.exportColumns.map(({ name, type, description }) => ({
          name,
          type,
          description: `${description} (${task.name} only.)`,
        })),
      ),
    );
    expect(json.body.rows.slice(expected.length, expected.length + 6)).toEqual(
      stroop.stroopTask.exportColumns.map(({ name, type, description }) => ({
        name,
        type,
        description: `${description} (Stroop Test only.)`,
      })),
    );
    // Descriptions hold commas, so the CSV quotes them: count lines, not cells.
    expect(csv.body.startsWith('name,type,description\r\n')).toBe(true);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(RESEARCH_HEADER.length + 1);
    expect(csv.body).toContain('reaction_time_ms,number,');
  });

  it('records each export with its filter in the audit log', async () => {
    const entries = (await admin.get('/api/admin/audit-log')).body.entries;
    const exports = entries.filter((e: { action: string }) => e.action === 'DATA_EXPORT');
    expect(exports.length).toBeGreaterThanOrEqual(5);
    const byBob = exports.find(
      (e: { details: { format: string }; targetUserId: string }) =>
        e.targetUserId === bobId && e.details.format === 'json',
    );
    expect(byBob).toMatchObject({
      actorEmail: 'admin@example.com',
      targetEmail: 'bob@example.com',
      details: {
        format: 'json',
        filter: {
          userId: bobId,
          includeMock: false,
          includeImplausible: false,
          includePreview: false,
        },
      },
    });
    const dated = exports.find(
      (e: { details: { filter: { startFrom?: string } } }) => e.details.filter.startFrom,
    );
    expect(dated.details.filter).toEqual({
      startFrom: '2026-01-13T00:00:00.000Z',
      startBefore: '2026-01-14T00:00:00.000Z',
      includeMock: true,
      includeImplausible: false,
      includePreview: false,
    });
  });
});
