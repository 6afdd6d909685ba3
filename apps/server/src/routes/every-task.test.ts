import {
  type AdminTrial,
  type AnyTask,
  positionOf,
  type Run,
  TASKS,
  type TaskReportResponse,
} from '@cogni/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAdmin } from '../testing/admin-fixtures';
import { startRunBody } from '../testing/fixture-run';
import { saveTrialsAtHumanPace } from '../testing/human-pace';
import { trialPath } from '../testing/participant-api';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/**
 * Every registered task through the generic routes (ADR 027): nothing here names a task, so a
 * task added to the registry is tested here as it is. Stroop's own behaviour has its own files.
 */
describe.each(TEST_DATABASE_KINDS)('every task through the generic routes on %s', (kind) => {
  let t: TestContext;
  let ada: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    ada = await t.signUp({ email: 'ada@example.com' });
    bob = await t.signUp({ email: 'bob@example.com' });
  });
  afterAll(() => t.close());

  async function start(task: AnyTask, client: TestClient = ada): Promise<Run> {
    const res = await client.post<{ run: Run }>('/api/results', startRunBody(task));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.run.testType).toBe(task.id);
    return res.body.run;
  }

  describe.each(TASKS.map((task) => [task.id, task] as const))('%s', (_id, task) => {
    it('saves a whole run, scores it, and reports its cells', async () => {
      const run = await start(task);
      const fixture = task.fixtureRun(run.seed, run.config);
      await saveTrialsAtHumanPace(t, ada, run, fixture);
      const done = await ada.post<{ run: Run }>(`/api/results/${run.id}/complete`, {});
      expect(done.status).toBe(200);
      const summary = done.body.run.summary;
      const stored = await ada.get<{ trials: AdminTrial[] }>(`/api/results/${run.id}/trials`);
      expect(stored.body.trials).toHaveLength(fixture.length);
      const expected = task.score(
        run.config,
        stored.body.trials.map((trial) => ({ ...trial, timing: trial.timing as never })),
      );
      expect(summary).toEqual({
        overallScore: expected.overallScore,
        totalTrials: expected.totalTrials,
        correctTrials: expected.correctTrials,
        averageReactionTime: expected.averageReactionTime,
        scoringVersion: task.scoringVersion,
        scores: expected.scores,
      });
      expect(done.body.run.savedTrials).toHaveLength(fixture.length);

      const admin = await signUpAdmin(t, { email: `admin-${task.id.toLowerCase()}@example.com` });
      const report = await admin.get<TaskReportResponse>(`/api/admin/reports/${task.id}`);
      expect(report.status).toBe(200);
      expect(report.body.cells.map((c) => c.cell)).toEqual(task.reportCells.map((c) => c.key));
      // The report adds up the run's own cells, by its task's scoring.
      expect(report.body.runCount).toBe(1);
      expect(report.body.totalTrials).toBe(
        Object.values(expected.reportCells).reduce((sum, cell) => sum + cell.trialCount, 0),
      );
      for (const cell of report.body.cells) {
        expect(cell.meanRtMs, cell.cell).toBe(expected.reportCells[cell.cell]?.meanRtMs ?? null);
      }
    });

    it('answers a replay as a duplicate and a different trial at a taken place with 409', async () => {
      const run = await start(task);
      const [first] = task.fixtureRun(run.seed, run.config);
      if (!first) throw new Error('an empty fixture run');
      const path = trialPath(run.id, first.trial);
      expect((await ada.request('PUT', path, { body: first.trial })).status).toBe(201);
      const replay = await ada.request('PUT', path, { body: first.trial });
      expect(replay.status).toBe(200);
      expect(replay.body).toEqual({ saved: true, duplicate: true });
      const changed = {
        ...first.trial,
        startTime: new Date(Date.parse(first.trial.startTime) + 1).toISOString(),
      };
      expect((await ada.request('PUT', path, { body: changed })).status).toBe(409);
      const stored = await ada.get<{ trials: AdminTrial[] }>(`/api/results/${run.id}/trials`);
      expect(stored.body.trials).toHaveLength(1);
    });

    it('refuses a trial the plan did not show, or with a forged reaction time, and stores nothing', async () => {
      const run = await start(task);
      const [first] = task.fixtureRun(run.seed, run.config);
      if (!first) throw new Error('an empty fixture run');
      const path = trialPath(run.id, first.trial);
      // Another run's plan: some of its trials are not this run's. A task whose plan is the same
      // for every seed gets its first trial moved to another trial's position instead.
      const plan = task.plan(run.seed, run.config);
      const candidates =
        (task.planVariesWithSeed?.(run.config) ?? true)
          ? task.fixtureRun(`${run.seed}-other`, run.config)
          : task
              .fixtureRun(run.seed, run.config)
              .slice(1)
              .map(({ trial, minimumMs }) => ({
                trial: { ...first.trial, ...positionOf(trial) },
                minimumMs,
              }));
      const foreign = candidates.find(
        ({ trial }) => task.checkTrial(trial, plan, run.config).length > 0,
      );
      if (!foreign) throw new Error('another seed planned the same run');
      const foreignRes = await ada.request('PUT', trialPath(run.id, foreign.trial), {
        body: foreign.trial,
      });
      expect(foreignRes.status).toBe(400);
      const responded = task
        .fixtureRun(run.seed, run.config)
        .find(({ trial }) => trial.reactionTime !== null);
      if (responded) {
        const forged = {
          ...responded.trial,
          reactionTime: (responded.trial.reactionTime ?? 0) + 50,
        };
        const res = await ada.request('PUT', trialPath(run.id, forged), { body: forged });
        expect(res.status).toBe(400);
      }
      const unknown = { ...first.trial, injected: true };
      expect((await ada.request('PUT', path, { body: unknown })).status).toBe(400);
      const stored = await ada.get<{ trials: AdminTrial[] }>(`/api/results/${run.id}/trials`);
      expect(stored.body.trials).toHaveLength(0);
    });

    it("refuses another user's run as not found, and a finished run's trials with 409", async () => {
      const run = await start(task);
      const fixture = task.fixtureRun(run.seed, run.config);
      const [first] = fixture;
      if (!first) throw new Error('an empty fixture run');
      const path = trialPath(run.id, first.trial);
      const foreign = await bob.request('PUT', path, { body: first.trial });
      expect(foreign.status).toBe(404);
      expect((await bob.post(`/api/results/${run.id}/complete`, {})).status).toBe(404);
      await saveTrialsAtHumanPace(t, ada, run, fixture);
      expect((await ada.post(`/api/results/${run.id}/complete`, {})).status).toBe(200);
      const late = fixture.at(-1);
      if (!late) throw new Error('an empty fixture run');
      const changed = {
        ...late.trial,
        startTime: new Date(Date.parse(late.trial.startTime) + 1).toISOString(),
      };
      expect((await ada.request('PUT', trialPath(run.id, changed), { body: changed })).status).toBe(
        409,
      );
    });
  });
});
