import type { TrialInput } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../../apps/server/src/app-env';
import { trials } from '../../apps/server/src/db/schema';
import { readJsonBody } from '../../apps/server/src/lib/parse-body';
import { monitorEventLoop } from './event-loop';

const eventLoop = monitorEventLoop();

/**
 * The load benchmark's own routes, mounted ahead of every middleware by its server entry
 * (bench-server.ts), never by the app's.
 *
 * The ceiling endpoint is what a trial save would cost with nothing of ours around it: the same
 * row into the same table through the same pool, but no session, no ownership check, no
 * validation against the plan. bench:load reports our real endpoint as a share of it. Anyone
 * could write into any run with it, which is why it is not part of the app.
 */
export const benchRoutes = new Hono<AppEnv>()
  .put('/ceiling/:resultId/trials/:phase/:trialNumber', async (c) => {
    // Read as our routes read bodies (lib/read-body.ts), so the comparison is of what follows.
    const input = (await readJsonBody(c)) as TrialInput;
    const [inserted] = await c
      .get('deps')
      .db.insert(trials)
      .values({
        resultId: c.req.param('resultId'),
        phase: input.phase,
        trialNumber: input.trialNumber,
        cueWord: input.cueWord,
        stimulusWord: input.stimulusWord,
        stimulusColor: input.stimulusColor,
        response: input.response,
        reactionTime: input.reactionTime,
        isCorrect: input.isCorrect,
        isSwitch: input.isSwitch,
        isCongruent: false,
        startTime: new Date(input.startTime),
        endTime: new Date(input.endTime),
        timing: input.timing,
      })
      .onConflictDoNothing({ target: [trials.resultId, trials.phase, trials.trialNumber] })
      .returning({ id: trials.id });
    return c.json({ saved: true, duplicate: !inserted }, inserted ? 201 : 200);
  })
  // The soak benchmark samples the heap from outside; RSS alone hides what V8 holds.
  .get('/memory', (c) => c.json(process.memoryUsage()))
  // How late the event loop ran since the last call (a stall delays every request at once).
  .get('/event-loop', (c) => c.json(eventLoop.take()));
