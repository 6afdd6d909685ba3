import {
  CompleteRunInputSchema,
  PhaseSchema,
  SaveTrialInputSchema,
  StartRunInputSchema,
  TestTypeSchema,
} from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { parseJsonBody } from '../lib/parse-body';
import { parseResultId } from '../lib/parse-id';
import { requireUser } from '../middleware/session';
import { completeRun } from '../services/results/complete-run';
import { findActiveRun } from '../services/results/find-active-run';
import { listTrials } from '../services/results/list-trials';
import { saveTrial } from '../services/results/save-trial';
import { getRunStartLimit, startRun } from '../services/results/start-run';
import { getOwnedRun, toRun } from '../services/results/to-run';

export const resultRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const { user } = requireUser(c);
    const input = await parseJsonBody(c, StartRunInputSchema);
    const deps = c.get('deps');
    const run = await startRun(deps, user.id, input, getRunStartLimit(deps.config));
    return c.json({ run }, 201);
  })
  .get('/active', async (c) => {
    const { user } = requireUser(c);
    const testType = TestTypeSchema.safeParse(c.req.query('testType') ?? 'stroopTest');
    if (!testType.success) throw new AppError('BAD_REQUEST', 'Unknown testType');
    return c.json({ run: await findActiveRun(c.get('deps'), user.id, testType.data) });
  })
  .get('/:id', async (c) => {
    const { user } = requireUser(c);
    const deps = c.get('deps');
    const owned = await getOwnedRun(deps, user.id, parseResultId(c.req.param('id')));
    return c.json({ run: await toRun(deps, owned) });
  })
  .get('/:id/trials', async (c) => {
    const { user } = requireUser(c);
    const resultId = parseResultId(c.req.param('id'));
    return c.json({ trials: await listTrials(c.get('deps'), user.id, resultId) });
  })
  .put('/:id/trials/:phase/:trialNumber', async (c) => {
    const { user } = requireUser(c);
    const resultId = parseResultId(c.req.param('id'));
    const input = await parseJsonBody(c, SaveTrialInputSchema);
    // The path names the trial too; it must agree with the body.
    const phase = PhaseSchema.safeParse(c.req.param('phase'));
    if (
      !phase.success ||
      phase.data !== input.phase ||
      c.req.param('trialNumber') !== String(input.trialNumber)
    ) {
      throw new AppError('BAD_REQUEST', 'The trial in the path does not match the body');
    }
    const outcome = await saveTrial(c.get('deps'), user.id, resultId, input);
    const answer = { saved: true, duplicate: outcome === 'duplicate' } as const;
    const response = c.json(answer, outcome === 'created' ? 201 : 200);
    // With its length known, compress() leaves the 31-byte answer alone: gzipping it (as a
    // stream, with chunked encoding) was about a tenth of the server's CPU under load.
    response.headers.set('Content-Length', String(JSON.stringify(answer).length));
    return response;
  })
  .post('/:id/complete', async (c) => {
    const { user } = requireUser(c);
    const resultId = parseResultId(c.req.param('id'));
    const input = await parseJsonBody(c, CompleteRunInputSchema);
    return c.json({ run: await completeRun(c.get('deps'), user.id, resultId, input) });
  });
