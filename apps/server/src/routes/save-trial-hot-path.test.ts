import * as stroop from '@cogni/domain/tasks/stroop';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { testResults, trials, users } from '../db/schema';
import { parseConfig } from '../env';
import { createLogger } from '../lib/logger';
import { INSERT_IF_OWNED_AND_OPEN } from '../services/results/save-trial';
import { START_RUN } from '../testing/fixture-run';
import { createTestContext, TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

type StartedRun = { id: string; seed: string; config: stroop.Config };

const trialPath = (resultId: string, t: stroop.TrialInput) =>
  `/api/results/${resultId}/trials/${t.phase}/${t.trialNumber}`;

/**
 * After a run's first save, later saves take the one-statement path of save-trial.ts (the run's
 * seed and settings remembered). These are the answers that path must not change: each request
 * still reads the session and the run's owner and end from the database.
 */
describe.each(TEST_DATABASE_KINDS)('trial saves after the first on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  let counter = 0;
  async function startWithOneSaved(client?: TestClient) {
    const ada = client ?? (await t.signUp({ email: `hot-${++counter}@example.com` }));
    const run = (await ada.post('/api/results', START_RUN)).body.run as StartedRun;
    const plan = stroop.planPhase(run.seed, 'sample', run.config);
    const answer = (n: number) => {
      const planned = plan[n];
      if (!planned) throw new Error('no plan');
      return stroop.answerTrial(planned, planned.correctKey, 512.123456 + n);
    };
    const first = answer(0);
    expect((await ada.request('PUT', trialPath(run.id, first), { body: first })).status).toBe(201);
    return { ada, run, answer, plan };
  }
  const rowsOf = (resultId: string) =>
    t.database.db.select().from(trials).where(eq(trials.resultId, resultId));

  it('stores the same row as the first save, once; a replay is a duplicate, another answer a 409', async () => {
    const { ada, run, answer, plan } = await startWithOneSaved();
    const second = answer(1);
    const saved = await ada.request('PUT', trialPath(run.id, second), {
      body: second,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(saved.status).toBe(201);
    // Too small to be worth gzipping, which costs CPU on every save.
    expect(saved.headers.get('content-encoding')).toBeNull();
    expect(saved.headers.get('content-length')).toBe(String(JSON.stringify(saved.body).length));
    const replay = await ada.request('PUT', trialPath(run.id, second), { body: second });
    expect(replay).toMatchObject({ status: 200, body: { saved: true, duplicate: true } });
    const planned = plan[1];
    if (!planned) throw new Error('no plan');
    const other = stroop.answerTrial(planned, stroop.wrongKey(planned), 512.123456 + 1);
    expect((await ada.request('PUT', trialPath(run.id, other), { body: other })).status).toBe(409);

    const rows = await rowsOf(run.id);
    expect(rows).toHaveLength(2);
    const row = rows.find((r) => r.trialNumber === 1);
    expect(row).toMatchObject({
      phase: 'sample',
      block: 0,
      response: second.response,
      reactionTime: 513.123456,
      isCorrect: true,
      inputModality: 'keyboard',
      // Stroop's own fields, as the one-by-one path stores them (ADR 027).
      fields: {
        cueWord: second.cueWord,
        stimulusWord: second.stimulusWord,
        stimulusColor: second.stimulusColor,
        isSwitch: second.isSwitch,
        isCongruent: false,
      },
      reportCell: null,
      startTime: new Date(second.startTime),
      endTime: new Date(second.endTime),
      timing: second.timing,
    });
  });

  it("refuses someone else's remembered run as not found, even a wrong trial, and stores nothing", async () => {
    const { run, answer } = await startWithOneSaved();
    const bob = await t.signUp({ email: `bob-${++counter}@example.com` });
    const trial = answer(1);
    expect((await bob.request('PUT', trialPath(run.id, trial), { body: trial })).status).toBe(404);
    const wrong = { ...trial, isCorrect: false };
    expect((await bob.request('PUT', trialPath(run.id, wrong), { body: wrong })).status).toBe(404);
    expect(await rowsOf(run.id)).toHaveLength(1);
  });

  it('judges a wrong trial on a remembered run as before: 400, nothing stored', async () => {
    const { ada, run, answer } = await startWithOneSaved();
    const wrong = { ...answer(1), isCorrect: false };
    expect((await ada.request('PUT', trialPath(run.id, wrong), { body: wrong })).status).toBe(400);
    expect(await rowsOf(run.id)).toHaveLength(1);
  });

  it('sees a completion, a logout on another instance and a deactivation on the next save', async () => {
    // A second app on the same database: another server instance.
    const other = createApp({
      db: t.database.db,
      now: () => new Date(),
      config: parseConfig({}),
      logger: createLogger('silent'),
    });
    const { ada, run, answer } = await startWithOneSaved();
    const onOther = new TestClient(other);
    onOther.cookie = ada.cookie;

    // Finished elsewhere (written straight to the database, as another instance's completion
    // writes it): this instance, which remembers the run, refuses the next trial.
    await t.database.db
      .update(testResults)
      .set({ endTime: new Date() })
      .where(eq(testResults.id, run.id));
    const late = answer(1);
    const refused = await ada.request('PUT', trialPath(run.id, late), { body: late });
    expect(refused.status).toBe(409);
    expect(await rowsOf(run.id)).toHaveLength(1);

    // Logged out on the other instance: the session is gone here too.
    const second = await startWithOneSaved(ada);
    expect((await onOther.post('/api/auth/logout')).status).toBe(204);
    const afterLogout = second.answer(1);
    expect(
      (await ada.request('PUT', trialPath(second.run.id, afterLogout), { body: afterLogout }))
        .status,
    ).toBe(401);

    // Deactivated (as an admin would, from anywhere): the next save is refused.
    const carol = await t.signUp({ email: `carol-${++counter}@example.com` });
    const third = await startWithOneSaved(carol);
    await t.database.db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.email, `carol-${counter}@example.com`));
    const afterDeactivation = third.answer(1);
    expect(
      (
        await carol.request('PUT', trialPath(third.run.id, afterDeactivation), {
          body: afterDeactivation,
        })
      ).status,
    ).toBe(401);
    expect(await rowsOf(third.run.id)).toHaveLength(1);
  });

  it('answers each of many saves arriving at once for itself, though they are written together', async () => {
    // Sent in one turn, these go to the database together (lib/batch.ts): one wrong row must
    // not cost the others their save, and no row may be credited to another request.
    const ada = await startWithOneSaved();
    const bob = await startWithOneSaved();
    const finished = await startWithOneSaved();
    await t.database.db
      .update(testResults)
      .set({ endTime: new Date() })
      .where(eq(testResults.id, finished.run.id));
    const adaNext = ada.answer(1);
    const adaOther = ada.answer(2);
    const planned = ada.plan[2];
    if (!planned) throw new Error('no plan');
    const adaClash = stroop.answerTrial(planned, stroop.wrongKey(planned), 512.123456 + 2);
    const bobNext = bob.answer(1);
    const send = (client: TestClient, resultId: string, trial: stroop.TrialInput) =>
      client.request('PUT', trialPath(resultId, trial), { body: trial });
    const answers = await Promise.all([
      send(ada.ada, ada.run.id, adaNext),
      send(bob.ada, bob.run.id, bobNext),
      send(ada.ada, ada.run.id, adaNext),
      // Two answers for one place in the same batch: one is stored, the other is a 409.
      send(ada.ada, ada.run.id, adaOther),
      send(ada.ada, ada.run.id, adaClash),
      // Bob's trial sent by Ada into Bob's run, and a trial for a finished run.
      send(ada.ada, bob.run.id, bob.answer(2)),
      send(finished.ada, finished.run.id, finished.answer(1)),
    ]);
    const statuses = answers.map((a) => a.status);
    expect([statuses[0], statuses[2]].sort()).toEqual([200, 201]);
    expect(statuses[1]).toBe(201);
    expect([statuses[3], statuses[4]].sort()).toEqual([201, 409]);
    expect(statuses.slice(5)).toEqual([404, 409]);

    const adaRows = await rowsOf(ada.run.id);
    expect(adaRows.map((r) => r.trialNumber).sort()).toEqual([0, 1, 2]);
    const storedAt2 = adaRows.find((r) => r.trialNumber === 2);
    expect(storedAt2?.response).toBe(statuses[3] === 201 ? adaOther.response : adaClash.response);
    expect(adaRows.find((r) => r.trialNumber === 1)?.reactionTime).toBe(adaNext.reactionTime);
    expect((await rowsOf(bob.run.id)).map((r) => r.trialNumber).sort()).toEqual([0, 1]);
    expect(await rowsOf(finished.run.id)).toHaveLength(1);
  });

  /** The plan PostgreSQL keeps for a prepared statement once it stops planning per call. */
  async function explainGeneric(statement: string): Promise<string> {
    return t.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
      await tx.execute(sql.raw(`prepare hot_path(jsonb) as ${statement}`));
      // Both drivers answer { rows }; Db's union of them types the answer as unknown.
      const explained = (await tx.execute(sql.raw(`explain execute hot_path('[]')`))) as {
        rows: { 'QUERY PLAN': string }[];
      };
      await tx.execute(sql.raw('deallocate hot_path'));
      return explained.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it("looks up each trial's run by its key, with thousands of runs stored", async () => {
    // The planner cannot see how many trials a batch's JSON holds. Written as a join, the owner
    // check would hash a sequential scan of every run for each batch once a few thousand are
    // stored, the costliest part of a save under load (ADR 017).
    await t.signUp({ email: 'many-runs@example.com' });
    const [owner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'many-runs@example.com'));
    if (!owner) throw new Error('no user');
    await t.database.db.execute(
      sql`insert into test_results (user_id, test_type)
          select ${owner.id}, 'stroopTest' from generate_series(1, 5000)`,
    );
    await t.database.db.execute(sql`analyze test_results`);
    const plan = await explainGeneric(INSERT_IF_OWNED_AND_OPEN);
    expect(plan).toContain('Index Scan using test_results_pkey on test_results');
    expect(plan).not.toContain('Seq Scan');
  });
});
