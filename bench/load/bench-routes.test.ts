import type { TrialEnvelope } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trials } from '../../apps/server/src/db/schema';
import { firstTask, fixtureRun, START_RUN } from '../../apps/server/src/testing/fixture-run';
import { createTestContext, type TestContext } from '../../apps/server/src/testing/test-app';
import { createBenchApp } from './bench-routes';

const ceilingPath = (resultId: string, t: TrialEnvelope) =>
  `/api/bench/ceiling/${resultId}/trials/${t.phase}/${t.block ?? 0}/${t.trialNumber}`;

/** Starts a run for a new user; returns its id and first trial. */
async function startRun(t: TestContext, email: string) {
  const client = await t.signUp({ email });
  const { body } = await client.post('/api/results', START_RUN);
  const [first] = fixtureRun(body.run.seed, body.run.config);
  if (!first) throw new Error('the fixture run has no trials');
  return { client, runId: body.run.id as string, first };
}

describe('the benchmark endpoints', () => {
  describe('in the app (main.ts)', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext('pglite');
    });
    afterAll(() => t.close());

    it('do not exist: no insert without a session, no memory figures', async () => {
      const { runId, first } = await startRun(t, 'ada@example.com');
      const visitor = t.client();
      const ceiling = await visitor.request('PUT', ceilingPath(runId, first), { body: first });
      expect(ceiling.status).toBe(404);
      expect((await visitor.get('/api/bench/memory')).status).toBe(404);
      expect(await t.database.db.select().from(trials).where(eq(trials.resultId, runId))).toEqual(
        [],
      );
    });
  });

  describe("in the benchmark's server (bench-server.ts)", () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestContext('pglite', {}, { buildApp: createBenchApp });
    });
    afterAll(() => t.close());

    it('insert a trial with no session, once per slot', async () => {
      const { runId, first } = await startRun(t, 'ada@example.com');
      const visitor = t.client();
      const path = ceilingPath(runId, first);
      expect((await visitor.request('PUT', path, { body: first })).status).toBe(201);
      expect((await visitor.request('PUT', path, { body: first })).body).toEqual({
        saved: true,
        duplicate: true,
      });
      const rows = await t.database.db.select().from(trials).where(eq(trials.resultId, runId));
      expect(rows.map((r) => [r.phase, r.block, r.trialNumber])).toEqual([
        [first.phase, 0, first.trialNumber],
      ]);
    });

    it('write the row the real endpoint writes for the same trial', async () => {
      const { client, runId, first } = await startRun(t, 'bob@example.com');
      const ceiling = await t.client().request('PUT', ceilingPath(runId, first), { body: first });
      expect(ceiling.status).toBe(201);
      // The real endpoint finds the row it would have written: the same trial, a duplicate.
      const real = await client.request(
        'PUT',
        `/api/results/${runId}/trials/${first.phase}/0/${first.trialNumber}`,
        { body: first },
      );
      expect(real).toMatchObject({ status: 200, body: { saved: true, duplicate: true } });
      const [row] = await t.database.db.select().from(trials).where(eq(trials.resultId, runId));
      expect(row).toMatchObject({
        block: 0,
        inputModality: 'keyboard',
        reportCell: firstTask().reportCell(first),
        fields: firstTask().fieldsOf(first),
      });
    });

    it("answer a bad body with the app's error handling", async () => {
      const { runId, first } = await startRun(t, 'cleo@example.com');
      const bad = await t.client().request('PUT', ceilingPath(runId, first), { body: '{' });
      expect(bad).toMatchObject({ status: 400, body: { error: { code: 'BAD_REQUEST' } } });
    });

    it("leave every other request to the app, with all of the app's middleware", async () => {
      const visitor = t.client();
      // Headers, the API guard's refusal of another site, and the app's answer to no endpoint.
      const health = await visitor.get('/api/health');
      expect(health.status).toBe(200);
      expect(health.headers.get('x-content-type-options')).toBe('nosniff');
      expect(health.headers.get('cache-control')).toContain('no-store');
      const forged = await visitor.request('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: 'x' },
        origin: 'https://elsewhere.example',
      });
      expect(forged.status).toBe(403);
      for (const path of ['/api/bench', '/api/bench/nothing', '/api/nothing']) {
        const missing = await visitor.get(path);
        expect(missing).toMatchObject({ status: 404, body: { error: { code: 'NOT_FOUND' } } });
        expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });

    it('report the process memory', async () => {
      const { status, body } = await t.client().get('/api/bench/memory');
      expect(status).toBe(200);
      expect(body.rss).toBeGreaterThan(0);
      expect(body.heapUsed).toBeGreaterThan(0);
    });

    it('report how late the event loop ran since the last call', async () => {
      const visitor = t.client();
      await visitor.get('/api/bench/event-loop');
      const stalled = performance.now();
      while (performance.now() - stalled < 60) {
        // Block the event loop for 60 ms.
      }
      await new Promise((resolve) => setTimeout(resolve, 30));
      const { status, body } = await visitor.get('/api/bench/event-loop');
      expect(status).toBe(200);
      expect(body.maxMs).toBeGreaterThan(40);
      expect(body.p50Ms).toBeLessThanOrEqual(body.p99Ms);
      expect(body.p99Ms).toBeLessThanOrEqual(body.maxMs);
    });
  });
});
