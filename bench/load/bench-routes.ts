import type { TrialEnvelope } from '@cogni/domain';
import { Hono } from 'hono';
import { createApp, provideDeps } from '../../apps/server/src/app';
import type { AppDeps, AppEnv } from '../../apps/server/src/app-env';
import { trials } from '../../apps/server/src/db/schema';
import { readJsonBody } from '../../apps/server/src/lib/parse-body';
import { handleError } from '../../apps/server/src/middleware/error-handler';
import { toTrialRow } from '../../apps/server/src/services/results/trial-row';
import { firstTask } from '../../apps/server/src/testing/fixture-run';
import { monitorEventLoop } from './event-loop';

const eventLoop = monitorEventLoop();

/** The task whose runs the load benchmark takes: the first of the test list. */
const task = firstTask();

/**
 * The load benchmark's own routes, served ahead of every middleware of the app by its server
 * entry (bench-server.ts, through createBenchApp), never by the app's.
 *
 * The ceiling endpoint is what a trial save would cost with nothing of ours around it: the same
 * row into the same table through the same pool (toTrialRow: the envelope's columns, the task's
 * own fields as jsonb and the report cell, ADR 027), but no session, no ownership check, no validation
 * against the task's schema or plan. bench:load reports our real endpoint as a share of it.
 * Anyone could write into any run with it, which is why it is not part of the app.
 */
export const benchRoutes = new Hono<AppEnv>()
  .put('/ceiling/:resultId/trials/:phase/:block/:trialNumber', async (c) => {
    // Read as our routes read bodies (lib/read-body.ts), so the comparison is of what follows.
    const input = (await readJsonBody(c)) as TrialEnvelope;
    const [inserted] = await c
      .get('deps')
      .db.insert(trials)
      .values(
        toTrialRow(c.req.param('resultId'), input, {
          fields: task.fieldsOf(input),
          reportCell: task.reportCell(input),
        }),
      )
      .onConflictDoNothing({
        target: [trials.resultId, trials.phase, trials.block, trials.trialNumber],
      })
      .returning({ id: trials.id });
    return c.json({ saved: true, duplicate: !inserted }, inserted ? 201 : 200);
  })
  // The soak benchmark samples the heap from outside; RSS alone hides what V8 holds.
  .get('/memory', (c) => c.json(process.memoryUsage()))
  // How late the event loop ran since the last call (a stall delays every request at once).
  .get('/event-loop', (c) => c.json(eventLoop.take()));

/**
 * The benchmark server's app: the benchmark's routes at /api/bench, with the app's dependencies
 * and error handler and nothing else of the app around them, then createApp's app, which gets
 * every other request whole, as the outermost app would (its own middleware, not-found answers
 * and error handling, the web app's files).
 */
export function createBenchApp(deps: AppDeps): Hono<AppEnv> {
  const app = createApp(deps);
  const bench = new Hono<AppEnv>();
  bench.use('/api/bench/*', provideDeps(deps));
  bench.route('/api/bench', benchRoutes);
  bench.all('*', (c) => app.fetch(c.req.raw, c.env));
  bench.onError(handleError);
  return bench;
}
