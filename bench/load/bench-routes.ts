import type { TrialEnvelope } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../../apps/server/src/app-env';
import { trials } from '../../apps/server/src/db/schema';
import { readJsonBody } from '../../apps/server/src/lib/parse-body';
import { toTrialRow } from '../../apps/server/src/services/results/trial-row';
import { firstTask } from '../../apps/server/src/testing/fixture-run';
import { monitorEventLoop } from './event-loop';

const eventLoop = monitorEventLoop();

/** The task whose runs the load benchmark takes: the first of the test list. */
const task = firstTask();

/**
 * The load benchmark's own routes, mounted ahead of every middleware by its server entry
 * (bench-server.ts), never by the app's.
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
