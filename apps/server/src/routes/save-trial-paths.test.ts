import type { AdminTrial, Run } from '@cogni/domain';
import * as stroop from '@cogni/domain/tasks/stroop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { trials } from '../db/schema';
import { trialSaveRate } from '../lib/trial-save-rate';
import { rememberRun } from '../services/results/run-facts';
import { START_RUN } from '../testing/fixture-run';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';

/** PUT /api/results/:id/trials/:phase/:block/:trialNumber, any task's path. */
const blockPath = (runId: string, phase: string, block: string | number, trialNumber: unknown) =>
  `/api/results/${runId}/trials/${phase}/${block}/${trialNumber}`;
/** PUT /api/results/:id/trials/:phase/:trialNumber, block 0's path (trials queued before blocks). */
const oldPath = (runId: string, phase: string, trialNumber: unknown) =>
  `/api/results/${runId}/trials/${phase}/${trialNumber}`;

const MISMATCH = 'The trial in the path does not match the body';

/** Runs remembered at most (run-facts.ts), and one more: the earliest is forgotten. */
const MORE_THAN_REMEMBERED = 20_001;

describe.each(TEST_DATABASE_KINDS)('trial save paths on %s', (kind) => {
  let t: TestContext;
  let ada: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    t = await createTestContext(kind);
    ada = await t.signUp({ email: 'ada@example.com' });
    bob = await t.signUp({ email: 'bob@example.com' });
  });
  afterAll(() => t.close());

  async function start(client: TestClient = ada) {
    const res = await client.post<{ run: Run }>('/api/results', START_RUN);
    expect(res.status).toBe(201);
    const { run } = res.body;
    const config: stroop.Config = stroop.ConfigSchema.parse(run.config);
    const plan = stroop.planPhase(run.seed, 'sample', config);
    /** Sample trial `n`, answered correctly (or wrongly) after 500 ms. */
    const answer = (n: number, correct = true): stroop.TrialInput => {
      const planned = plan[n];
      if (!planned) throw new Error('no plan');
      return stroop.answerTrial(
        planned,
        correct ? planned.correctKey : stroop.wrongKey(planned),
        500,
      );
    };
    return { run, answer };
  }
  const put = (client: TestClient, path: string, body: unknown) =>
    client.request('PUT', path, { body });
  const rowsOf = (resultId: string) =>
    t.database.db.select().from(trials).where(eq(trials.resultId, resultId));
  /** Makes the server forget every run it remembers: the next save of any takes the full path. */
  function forgetRuns(run: Run) {
    const facts = {
      task: stroop.stroopTask,
      seed: run.seed,
      config: run.config,
      result: { startTime: new Date(run.startTime), ownerId: 'someone' },
    };
    for (let i = 0; i < MORE_THAN_REMEMBERED; i++) rememberRun(`forget-${i}`, facts);
  }

  it('counts only the trials it stores in the trial-save rate that hashing yields to', async () => {
    const { run, answer } = await start();
    const noted = vi.spyOn(trialSaveRate, 'note');
    try {
      expect((await put(ada, blockPath(run.id, 'sample', 0, 0), answer(0))).status).toBe(201);
      expect(noted).toHaveBeenCalledTimes(1);
      // A replay, a conflict, a bad path, another user's run and no session store nothing.
      expect((await put(ada, blockPath(run.id, 'sample', 0, 0), answer(0))).status).toBe(200);
      expect((await put(ada, blockPath(run.id, 'sample', 0, 0), answer(0, false))).status).toBe(
        409,
      );
      expect((await put(ada, blockPath(run.id, 'sample', 0, 'x'), answer(1))).status).toBe(400);
      expect((await put(bob, blockPath(run.id, 'sample', 0, 1), answer(1))).status).toBe(404);
      expect((await put(t.client(), blockPath(run.id, 'sample', 0, 1), answer(1))).status).toBe(
        401,
      );
      expect(noted).toHaveBeenCalledTimes(1);
    } finally {
      noted.mockRestore();
    }
  });

  it('saves the same trial on the block path and the block-0 path: a replay across them is a duplicate, another answer a conflict', async () => {
    const { run, answer } = await start();
    const first = answer(0);
    expect((await put(ada, oldPath(run.id, 'sample', 0), first)).status).toBe(201);
    const viaBlock = await put(ada, blockPath(run.id, 'sample', 0, 0), first);
    expect(viaBlock).toMatchObject({ status: 200, body: { saved: true, duplicate: true } });
    // The block the envelope defaults to, written out, is the same trial.
    const explicit = await put(ada, oldPath(run.id, 'sample', 0), { ...first, block: 0 });
    expect(explicit).toMatchObject({ status: 200, body: { saved: true, duplicate: true } });

    const second = answer(1);
    expect((await put(ada, blockPath(run.id, 'sample', 0, 1), second)).status).toBe(201);
    const viaOld = await put(ada, oldPath(run.id, 'sample', 1), second);
    expect(viaOld).toMatchObject({ status: 200, body: { saved: true, duplicate: true } });

    // Another answer at a taken place is a conflict on either path.
    const other = answer(1, false);
    for (const path of [oldPath(run.id, 'sample', 1), blockPath(run.id, 'sample', 0, 1)]) {
      const res = await put(ada, path, other);
      expect(res.status, path).toBe(409);
      expect(res.body.error.message, path).toBe(
        'Trial 1 of the sample phase is already saved with different content',
      );
    }

    const rows = await rowsOf(run.id);
    expect(rows.map((r) => [r.phase, r.block, r.trialNumber, r.response]).sort()).toEqual([
      ['sample', 0, 0, first.response],
      ['sample', 0, 1, second.response],
    ]);
    const view = await ada.get<{ run: Run }>(`/api/results/${run.id}`);
    expect(view.body.run.savedTrials).toEqual([
      { phase: 'sample', block: 0, trialNumber: 0, isCorrect: true },
      { phase: 'sample', block: 0, trialNumber: 1, isCorrect: true },
    ]);
  });

  it('refuses a path that names another trial than the body with 400, remembered run or not, and stores nothing', async () => {
    const { run, answer } = await start();
    const trial = answer(0);
    const cases: [string, string, unknown][] = [
      ['another block', blockPath(run.id, 'sample', 1, 0), trial],
      [
        'another block, the body naming block 0',
        blockPath(run.id, 'sample', 1, 0),
        { ...trial, block: 0 },
      ],
      ['another phase', blockPath(run.id, 'practice', 0, 0), trial],
      ['another trial number', blockPath(run.id, 'sample', 0, 1), trial],
      ['another phase on the block-0 path', oldPath(run.id, 'practice', 0), trial],
      ['another trial number on the block-0 path', oldPath(run.id, 'sample', 1), trial],
      [
        'a block in the body on the block-0 path',
        oldPath(run.id, 'sample', 0),
        { ...trial, block: 1 },
      ],
    ];
    const expectRefused = async () => {
      for (const [name, path, body] of cases) {
        const res = await put(ada, path, body);
        expect(res.status, name).toBe(400);
        // Stroop has one block a phase: its schema refuses a body naming block 1 first.
        if ((body as { block?: number }).block !== 1) {
          expect(res.body.error.message, name).toBe(MISMATCH);
        }
      }
      expect(await rowsOf(run.id)).toHaveLength(0);
    };
    // Remembered since its start: the path is checked before the database is asked.
    await expectRefused();
    // Forgotten: the full path, after the run is read.
    forgetRuns(run);
    await expectRefused();
    expect((await put(ada, blockPath(run.id, 'sample', 0, 0), trial)).status).toBe(201);
  });

  it('refuses a block or trial number that is not a whole number in range, written plainly, with 400', async () => {
    const { run, answer } = await start();
    const trial = answer(0);
    const notPlain = ['x', '-1', '1.5', 'NaN', 'Infinity', '%20', '0x0', '1e0', '00', '+0', '0.0'];
    for (const block of [...notPlain, '100']) {
      const res = await put(ada, blockPath(run.id, 'sample', block, 0), trial);
      expect(res.status, `block ${block}`).toBe(400);
      expect(res.body.error.message, `block ${block}`).toBe(MISMATCH);
    }
    for (const trialNumber of [...notPlain, '1000']) {
      for (const path of [
        blockPath(run.id, 'sample', 0, trialNumber),
        oldPath(run.id, 'sample', trialNumber),
      ]) {
        const res = await put(ada, path, trial);
        expect(res.status, path).toBe(400);
        expect(res.body.error.message, path).toBe(MISMATCH);
      }
    }
    expect(await rowsOf(run.id)).toHaveLength(0);
    expect((await put(ada, blockPath(run.id, 'sample', '0', '0'), trial)).status).toBe(201);
  });

  it('refuses a body with a field the task does not have with 400, remembered run or not, and stores nothing', async () => {
    const { run, answer } = await start();
    const trial = answer(0);
    const bodies: [string, unknown][] = [
      ['extra', { ...trial, extra: 1 }],
      // What the server writes itself: a browser cannot send it.
      ['fields', { ...trial, fields: { cueWord: trial.cueWord } }],
      ['flags', { ...trial, flags: [] }],
      ['reportCell', { ...trial, reportCell: 'switch, word' }],
      ['isCongruent', { ...trial, isCongruent: true }],
      ['resultId', { ...trial, resultId: run.id }],
    ];
    const expectRefused = async () => {
      for (const [field, body] of bodies) {
        for (const path of [oldPath(run.id, 'sample', 0), blockPath(run.id, 'sample', 0, 0)]) {
          const res = await put(ada, path, body);
          expect(res.status, `${field} at ${path}`).toBe(400);
          expect(res.body.error.fields, `${field} at ${path}`).toEqual({
            [field]: 'Unknown field',
          });
        }
      }
      // An unknown field inside the timing record too.
      const timing = { ...trial, timing: { ...trial.timing, extra: 1 } };
      expect((await put(ada, oldPath(run.id, 'sample', 0), timing)).status).toBe(400);
      expect(await rowsOf(run.id)).toHaveLength(0);
    };
    await expectRefused();
    forgetRuns(run);
    await expectRefused();
    // Nothing took the trial's place: the trial itself is still new.
    expect((await put(ada, oldPath(run.id, 'sample', 0), trial)).status).toBe(201);
  });

  it('stores and returns the input modality; absent is keyboard, and a replay must agree', async () => {
    const { run, answer } = await start();
    const touched = { ...answer(0), inputModality: 'touch' as const };
    expect((await put(ada, blockPath(run.id, 'sample', 0, 0), touched)).status).toBe(201);
    const clicked = { ...answer(1), inputModality: 'mouse' as const };
    expect((await put(ada, oldPath(run.id, 'sample', 1), clicked)).status).toBe(201);
    const typed = answer(2);
    expect(typed).not.toHaveProperty('inputModality');
    expect((await put(ada, oldPath(run.id, 'sample', 2), typed)).status).toBe(201);
    const pen = { ...answer(3), inputModality: 'pen' };
    const refused = await put(ada, oldPath(run.id, 'sample', 3), pen);
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(['inputModality']);

    const rows = await rowsOf(run.id);
    expect(rows.map((r) => [r.trialNumber, r.inputModality]).sort()).toEqual([
      [0, 'touch'],
      [1, 'mouse'],
      [2, 'keyboard'],
    ]);
    const listed = await ada.get<{ trials: AdminTrial[] }>(`/api/results/${run.id}/trials`);
    expect(listed.body.trials.map((trial) => trial.inputModality)).toEqual([
      'touch',
      'mouse',
      'keyboard',
    ]);

    // The modality is part of the trial: the same answer by keyboard is another trial.
    const { inputModality: _, ...byKeyboard } = touched;
    expect((await put(ada, oldPath(run.id, 'sample', 0), byKeyboard)).status).toBe(409);
    const replay = await put(ada, oldPath(run.id, 'sample', 0), touched);
    expect(replay).toMatchObject({ status: 200, body: { saved: true, duplicate: true } });
    expect(await rowsOf(run.id)).toHaveLength(3);
  });

  it("answers 404 for someone else's run the server does not remember, before judging the body", async () => {
    const { run, answer } = await start();
    forgetRuns(run);
    const trial = answer(0);
    const malformed = { ...trial, extra: 1 };
    for (const body of [trial, malformed, { ...trial, isCorrect: !trial.isCorrect }, {}]) {
      for (const path of [oldPath(run.id, 'sample', 0), blockPath(run.id, 'sample', 0, 0)]) {
        const res = await put(bob, path, body);
        expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(404);
        expect(res.body.error.message).toBe('Result not found');
      }
    }
    expect(await rowsOf(run.id)).toHaveLength(0);
    // The owner is told what is wrong with the body.
    expect((await put(ada, oldPath(run.id, 'sample', 0), malformed)).status).toBe(400);
    expect((await put(ada, oldPath(run.id, 'sample', 0), trial)).status).toBe(201);
  });
});
