import {
  type AdminResultListResponse,
  type AdminResultTrialsResponse,
  type AnyTask,
  defineSettings,
  findTask,
  type ProgressResponse,
  type Run,
  TASKS,
  type TaskReportResponse,
} from '@cogni/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testResults, testSessions } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { AccountExport } from '../services/account/export-account';
import { insertFinishedRun } from '../services/results/insert-finished-run';
import { resolveRunConfig } from '../services/results/start-run';
import { signUpAdmin, userIdOf } from '../testing/admin-fixtures';
import { fixtureFinishedRun, startRunBody } from '../testing/fixture-run';
import { saveTrialsAtHumanPace } from '../testing/human-pace';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';
import { PREVIEW_ADMINS_ONLY } from './results';

/** The admin preview (ADR 028): a run of any task with a custom configuration, admins only. */

const stroop = findTask('stroopTest') as AnyTask;
const SHORT = { testTrials: 4, sampleTrials: 1, practiceTrials: 1 };
const previewBody = (config: unknown, task: AnyTask = stroop) => ({
  ...startRunBody(task),
  config,
});

describe.each(TEST_DATABASE_KINDS)('admin preview on %s', (kind) => {
  let t: TestContext;
  let admin: TestClient;
  let ada: TestClient;
  let adminId: string;
  /** The admin's finished preview of SHORT. */
  let preview: Run;
  /** The admin's own finished run with the defaults, written straight to the database. */
  let normalId: string;

  beforeAll(async () => {
    t = await createTestContext(kind);
    admin = await signUpAdmin(t, { email: 'admin@example.com' });
    ada = await t.signUp({ email: 'ada@example.com' });
    adminId = await userIdOf(t.database.db, 'admin@example.com');
    normalId = await insertFinishedRun(
      t.database,
      fixtureFinishedRun(adminId, new Date(Date.now() - 60 * 60_000)),
    );
  });
  afterAll(() => t?.close());

  const countRows = async () => {
    const [results] = await t.database.db.select({ n: count() }).from(testResults);
    const [sessions] = await t.database.db.select({ n: count() }).from(testSessions);
    return { results: results?.n, sessions: sessions?.n };
  };

  it('lets an admin start a task with a custom configuration: a preview, defaults filled in, stored with the session', async () => {
    const res = await admin.post<{ run: Run }>('/api/results', previewBody(SHORT));
    expect(res.status).toBe(201);
    const { run } = res.body;
    expect(run.isPreview).toBe(true);
    expect(run.config).toEqual({ ...(stroop.settings.defaults as object), ...SHORT });
    const [session] = await t.database.db
      .select()
      .from(testSessions)
      .where(eq(testSessions.id, run.sessionId));
    expect(session?.config).toEqual(run.config);
    const [result] = await t.database.db
      .select()
      .from(testResults)
      .where(eq(testResults.id, run.id));
    expect(result?.isPreview).toBe(true);

    // The fixture participant of that configuration saves and completes it.
    await saveTrialsAtHumanPace(t, admin, run, stroop.fixtureRun(run.seed, run.config));
    const done = await admin.post<{ run: Run }>(`/api/results/${run.id}/complete`, {});
    expect(done.status).toBe(200);
    expect(done.body.run.isPreview).toBe(true);
    expect(done.body.run.summary?.totalTrials).toBe(SHORT.testTrials);
    expect(done.body.run.savedTrials).toHaveLength(6);
    preview = done.body.run;
    expect((await admin.get<{ run: Run }>(`/api/results/${run.id}`)).body.run).toMatchObject({
      isPreview: true,
      config: run.config,
    });
  });

  it('keeps the preview out of the aggregate report, whatever is included', async () => {
    for (const query of ['', '?includeMock=true&includeImplausible=true']) {
      const res = await admin.get<TaskReportResponse>(`/api/admin/reports/stroopTest${query}`);
      expect(res.status).toBe(200);
      // The normal run's 143 test trials in a cell (trial 0 is in none); none of the preview's.
      expect(res.body.totalTrials, query).toBe(143);
      expect(res.body.runCount, query).toBe(1);
    }
  });

  it("keeps the preview out of the admin's progress and 'Download my data', not out of the account export", async () => {
    const progress = await admin.get<ProgressResponse>('/api/progress');
    expect(progress.body.results.map((r) => r.id)).toEqual([normalId]);
    expect(progress.body.history.map((p) => p.id)).toEqual([normalId]);
    expect((await admin.get(`/api/progress/results/${preview.id}/trials`)).status).toBe(404);
    const myData = await admin.get('/api/progress/export?format=json');
    const resultIds = new Set(myData.body.rows.map((r: { result_id: string }) => r.result_id));
    expect([...resultIds]).toEqual([normalId]);
    // Everything stored about the admin: the preview too, marked, with its settings.
    const account = await admin.get<AccountExport>('/api/me/account-export');
    const exported = account.body.results.find((r) => r.id === preview.id);
    expect(exported).toMatchObject({ isPreview: true, session: { config: preview.config } });
    expect(exported?.trials).toHaveLength(6);
    expect(account.body.results.find((r) => r.id === normalId)?.isPreview).toBe(false);
  });

  it('lists the preview for admins only with includePreview=true, badged, and shows its settings', async () => {
    const listed = async (query: string) =>
      (await admin.get<AdminResultListResponse>(`/api/admin/results${query}`)).body.results;
    expect((await listed('')).map((r) => r.id)).toEqual([normalId]);
    expect((await listed('?includePreview=false')).map((r) => r.id)).toEqual([normalId]);
    const withPreviews = await listed('?includePreview=true');
    expect(withPreviews.map((r) => [r.id, r.isPreview])).toEqual([
      [preview.id, true],
      [normalId, false],
    ]);
    const bad = await admin.get('/api/admin/results?includePreview=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      includePreview: "includePreview must be 'true' or 'false'",
    });

    const details = await admin.get<AdminResultTrialsResponse>(
      `/api/admin/results/${preview.id}/trials`,
    );
    expect(details.status).toBe(200);
    expect(details.body.result.isPreview).toBe(true);
    expect(details.body.config).toEqual(preview.config);
    expect(details.body.trials).toHaveLength(6);
    const normal = await admin.get<AdminResultTrialsResponse>(
      `/api/admin/results/${normalId}/trials`,
    );
    expect(normal.body.config).toEqual(stroop.settings.defaults);
  });

  it('exports the preview for research only with includePreview=true, marked', async () => {
    const exported = async (query: string) =>
      (await admin.get(`/api/admin/export?format=json${query}`)).body.rows as {
        result_id: string;
        result_is_preview: boolean;
      }[];
    expect(new Set((await exported('')).map((r) => r.result_id))).toEqual(new Set([normalId]));
    const rows = await exported('&includePreview=true');
    const previewRows = rows.filter((r) => r.result_id === preview.id);
    expect(previewRows).toHaveLength(6);
    expect(previewRows.every((r) => r.result_is_preview === true)).toBe(true);
    expect(rows.filter((r) => r.result_id === normalId).every((r) => !r.result_is_preview)).toBe(
      true,
    );
  });

  it('never resumes a preview as a normal run', async () => {
    const started = await admin.post<{ run: Run }>('/api/results', previewBody({}));
    expect(started.status).toBe(201);
    // An empty configuration is still a preview: every setting at its default.
    expect(started.body.run).toMatchObject({
      isPreview: true,
      config: stroop.settings.defaults,
    });
    const active = await admin.get('/api/results/active?testType=stroopTest');
    expect(active.status).toBe(200);
    expect(active.body.run).toBeNull();
  });

  it('starts a normal run, not a preview, without a configuration, and resumes it', async () => {
    const res = await admin.post<{ run: Run }>('/api/results', startRunBody(stroop));
    expect(res.status).toBe(201);
    expect(res.body.run.isPreview).toBe(false);
    expect(res.body.run.config).toEqual(stroop.settings.defaults);
    const active = await admin.get('/api/results/active?testType=stroopTest');
    expect(active.body.run).toMatchObject({ id: res.body.run.id, isPreview: false });
    const own = await ada.post<{ run: Run }>('/api/results', startRunBody(stroop));
    expect(own.body.run.isPreview).toBe(false);
  });

  it('refuses an invalid configuration with 400 naming the setting, and stores nothing', async () => {
    const before = await countRows();
    const cases: [unknown, Record<string, string>][] = [
      [{ ...SHORT, speed: 3 }, { 'config.speed': 'Unknown field' }],
      [{ testTrials: 0 }, { 'config.testTrials': expect.stringContaining('>=1') }],
      [{ testTrials: 1001 }, { 'config.testTrials': expect.stringContaining('<=1000') }],
      [{ testTrials: 2.5 }, { 'config.testTrials': expect.any(String) }],
      [{ testTrials: '4' }, { 'config.testTrials': expect.stringContaining('number') }],
      [{ cueDurationMs: null }, { 'config.cueDurationMs': expect.any(String) }],
      [[4, 1, 1], { config: 'config must be an object of task settings' }],
      ['short', { config: 'config must be an object of task settings' }],
    ];
    for (const [config, fields] of cases) {
      const res = await admin.post('/api/results', previewBody(config));
      expect(res.status, JSON.stringify(config)).toBe(400);
      expect(res.body.error.fields, JSON.stringify(config)).toEqual(fields);
      expect(res.body.error.message).toMatch(/^Invalid request: /);
    }
    expect(await countRows()).toEqual(before);
  });

  // Go/No-Go's response window must be shorter than its SOA: checked while it is registered.
  const goNoGo = findTask('goNoGoTest');
  it.skipIf(!goNoGo)(
    "refuses a configuration a task's cross-field check finds impossible, on the setting concerned",
    async () => {
      const task = goNoGo as AnyTask;
      const before = await countRows();
      const res = await admin.post(
        '/api/results',
        previewBody({ responseWindowMs: 1400, soaMs: 1000 }, task),
      );
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({
        'config.responseWindowMs': expect.stringContaining('shorter than the SOA'),
      });
      expect(await countRows()).toEqual(before);
      const ok = await admin.post<{ run: Run }>(
        '/api/results',
        previewBody({ responseWindowMs: 900, soaMs: 1000, testTrials: 10 }, task),
      );
      expect(ok.status).toBe(201);
      expect(ok.body.run).toMatchObject({
        isPreview: true,
        config: {
          ...(task.settings.defaults as object),
          responseWindowMs: 900,
          soaMs: 1000,
          testTrials: 10,
        },
      });
    },
  );

  it('refuses a configuration from a user with 403, and stores nothing', async () => {
    const before = await countRows();
    for (const config of [SHORT, {}]) {
      const res = await ada.post('/api/results', previewBody(config));
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({
        code: 'FORBIDDEN',
        message: PREVIEW_ADMINS_ONLY.message,
      });
    }
    // isPreview is the server's to set: no one sends it.
    for (const client of [ada, admin]) {
      const res = await client.post('/api/results', { ...startRunBody(stroop), isPreview: true });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ isPreview: 'Unknown field' });
    }
    expect(await countRows()).toEqual(before);
  });
});

describe.each(TEST_DATABASE_KINDS)('admin preview starts on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, { RATE_LIMIT_RUN_STARTS_PER_USER: '2' });
  });
  afterAll(() => t?.close());

  it('count against the run-start limit like any start; an invalid one does not count', async () => {
    const admin = await signUpAdmin(t, { email: 'admin@example.com' });
    expect((await admin.post('/api/results', previewBody({ testTrials: 0 }))).status).toBe(400);
    expect((await admin.post('/api/results', previewBody(SHORT))).status).toBe(201);
    expect((await admin.post('/api/results', startRunBody(stroop))).status).toBe(201);
    expect((await admin.post('/api/results', previewBody(SHORT))).status).toBe(429);
  });
});

describe("a preview configuration is checked by the task's own schema", () => {
  // A task whose settings have a cross-field check, as Go/No-Go's response window and SOA.
  const settings = defineSettings({
    windowMs: {
      kind: 'number',
      default: 500,
      min: 100,
      max: 2000,
      unit: 'ms',
      label: 'Window',
      description: 'Response window.',
    },
    soaMs: {
      kind: 'number',
      default: 1000,
      min: 300,
      max: 3000,
      unit: 'ms',
      label: 'SOA',
      description: 'Onset to onset.',
    },
  });
  const task = {
    ...stroop,
    settings: {
      ...settings,
      schema: settings.schema.superRefine((config, ctx) => {
        if (!(config.windowMs < config.soaMs)) {
          ctx.addIssue({
            code: 'custom',
            message: 'The window must be shorter than the SOA',
            path: ['windowMs'],
          });
        }
      }),
    },
  } as unknown as AnyTask;

  it('fills in the defaults, and names the setting a cross-field check refuses', () => {
    expect(resolveRunConfig(task, undefined)).toEqual({ windowMs: 500, soaMs: 1000 });
    expect(resolveRunConfig(task, { soaMs: 2500 })).toEqual({ windowMs: 500, soaMs: 2500 });
    let refusal: unknown;
    try {
      resolveRunConfig(task, { windowMs: 1500 });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { 'config.windowMs': 'The window must be shorter than the SOA' },
    });
  });

  it("takes every registered task's defaults as a preview configuration", () => {
    for (const registered of TASKS) {
      expect(resolveRunConfig(registered, {}), registered.id).toEqual(registered.settings.defaults);
    }
  });
});
