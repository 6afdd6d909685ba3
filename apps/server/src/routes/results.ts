import {
  CompleteRunInputSchema,
  isAdmin,
  StartableTestTypeSchema,
  StartRunInputSchema,
  TASKS,
  TrialPathSchema,
} from '@cogni/domain';
import { type Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { parseJsonBody, readJsonBody } from '../lib/parse-body';
import { parseResultId } from '../lib/parse-id';
import { trialSaveRate } from '../lib/trial-save-rate';
import { requireUser } from '../middleware/session';
import { completeRun } from '../services/results/complete-run';
import { findActiveRun } from '../services/results/find-active-run';
import { listTrials } from '../services/results/list-trials';
import { saveTrial } from '../services/results/save-trial';
import { getRunStartLimit, startRun } from '../services/results/start-run';
import { getOwnedRun, toRun } from '../services/results/to-run';

/**
 * A block or trial number in a path, written as the browser writes it: digits, no sign, no
 * leading zero. TrialPathSchema coerces with Number(), which also reads ' ', '0x0', '1e0' or
 * '00' as a number: each would be another path to the same trial.
 */
const PLAIN_WHOLE_NUMBER = /^(0|[1-9][0-9]*)$/;

/**
 * PUT /api/results/:id/trials/:phase[/:block]/:trialNumber: saves one trial of the caller's own
 * unfinished run. The body is the run's task's trial; the path names the same position.
 */
async function saveTrialHandler(c: Context<AppEnv>) {
  const { user } = requireUser(c);
  const deps = c.get('deps');
  const resultId = parseResultId(c.req.param('id') ?? '');
  const block = c.req.param('block') ?? '0';
  const trialNumber = c.req.param('trialNumber') ?? '';
  const path = TrialPathSchema.safeParse({
    phase: c.req.param('phase') ?? '',
    block: PLAIN_WHOLE_NUMBER.test(block) ? block : Number.NaN,
    trialNumber: PLAIN_WHOLE_NUMBER.test(trialNumber) ? trialNumber : Number.NaN,
  });
  // A path or body refused before the run is looked up is answered 404 when the run is not the
  // caller's, as every other request about someone else's run is.
  const { position, body } = await notFoundUnlessOwned(deps, user.id, resultId, async () => {
    if (!path.success)
      throw new AppError('BAD_REQUEST', 'The trial in the path does not match the body');
    return { position: path.data, body: await readJsonBody(c) };
  });
  const outcome = await saveTrial(deps, user.id, resultId, position, body);
  // Only a trial stored for its owner says that people are taking tasks, the load that password
  // hashing yields to: refused, replayed or unauthenticated saves cost little, and counting them
  // would let anyone push logins to the back of the CPU with requests that need no account.
  if (outcome === 'created') trialSaveRate.note();
  const answer = { saved: true, duplicate: outcome === 'duplicate' } as const;
  const response = c.json(answer, outcome === 'created' ? 201 : 200);
  // With its length known, compress() leaves the 31-byte answer alone: gzipping it (as a
  // stream, with chunked encoding) would cost CPU on every save for no gain.
  response.headers.set('Content-Length', String(JSON.stringify(answer).length));
  return response;
}

/**
 * Runs `step`; when it refuses the request, the run's owner is checked first, so someone else's
 * run answers 404 whatever was wrong with the request.
 */
async function notFoundUnlessOwned<T>(
  deps: AppDeps,
  userId: string,
  resultId: string,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError) await getOwnedRun(deps, userId, resultId);
    throw error;
  }
}

/** The refusal of a custom configuration from anyone but an admin (ADR 028). */
export const PREVIEW_ADMINS_ONLY =
  'Only admins can start a test with a custom configuration (an admin preview)';

export const resultRoutes = new Hono<AppEnv>()
  /**
   * POST /api/results `{ testType, deviceInfo, measurement, config? }` -> 201 `{ run }`. With
   * `config` (admins only; anyone else 403) the run is an admin preview with those settings,
   * validated by the task's settings schema (a 400 names each `config.<setting>`).
   */
  .post('/', async (c) => {
    const { user } = requireUser(c);
    const input = await parseJsonBody(c, StartRunInputSchema);
    const deps = c.get('deps');
    if (input.config !== undefined && !isAdmin(user)) {
      deps.logger.warn({ userId: user.id, testType: input.testType }, 'preview config refused');
      throw new AppError('FORBIDDEN', PREVIEW_ADMINS_ONLY);
    }
    const run = await startRun(deps, { userId: user.id }, input, getRunStartLimit(deps.config));
    return c.json({ run }, 201);
  })
  .get('/active', async (c) => {
    const { user } = requireUser(c);
    const testType = StartableTestTypeSchema.safeParse(
      c.req.query('testType') ?? TASKS[0]?.id ?? '',
    );
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
  // Any task's trial; the path without a block is block 0 (the path of trials queued by
  // browsers before blocks existed).
  .put('/:id/trials/:phase/:block/:trialNumber', saveTrialHandler)
  .put('/:id/trials/:phase/:trialNumber', saveTrialHandler)
  .post('/:id/complete', async (c) => {
    const { user } = requireUser(c);
    const resultId = parseResultId(c.req.param('id'));
    const input = await parseJsonBody(c, CompleteRunInputSchema);
    return c.json({ run: await completeRun(c.get('deps'), user.id, resultId, input) });
  });
