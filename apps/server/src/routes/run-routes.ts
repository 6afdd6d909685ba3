import { CompleteRunInputSchema, type Run, TrialPathSchema } from '@cogni/domain';
import { type Context, Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { parseJsonBody, readJsonBody } from '../lib/parse-body';
import { parseResultId } from '../lib/parse-id';
import { trialSaveRate } from '../lib/trial-save-rate';
import { completeRun } from '../services/results/complete-run';
import { listTrials } from '../services/results/list-trials';
import { saveTrial, TRIAL_PATH_MISMATCH } from '../services/results/save-trial';
import { getOwnedRun, toRun } from '../services/results/to-run';

/**
 * Whose runs a route tree serves: the signed-in user's (/api/results) or a study participant's
 * (/api/participation/:code/runs). Refuses the request (401) when there is no such principal.
 */
export type RunOwnerOf = (c: Context<AppEnv>) => Promise<string> | string;

/**
 * A block or trial number in a path, written as the browser writes it: digits, no sign, no
 * leading zero. TrialPathSchema coerces with Number(), which also reads ' ', '0x0', '1e0' or
 * '00' as a number: each would be another path to the same trial.
 */
const PLAIN_WHOLE_NUMBER = /^(0|[1-9][0-9]*)$/;

/**
 * Runs `step`; when it refuses the request, the run's owner is checked first, so someone else's
 * run answers 404 whatever was wrong with the request.
 */
async function notFoundUnlessOwned<T>(
  deps: AppDeps,
  ownerId: string,
  resultId: string,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof AppError) await getOwnedRun(deps, ownerId, resultId);
    throw error;
  }
}

/**
 * PUT .../:id/trials/:phase[/:block]/:trialNumber: saves one trial of the caller's own
 * unfinished run. The body is the run's task's trial; the path names the same position.
 */
function saveTrialHandler(ownerOf: RunOwnerOf) {
  return async (c: Context<AppEnv>) => {
    const ownerId = await ownerOf(c);
    const deps = c.get('deps');
    const resultId = parseResultId(c.req.param('id') ?? '');
    const block = c.req.param('block') ?? '0';
    const trialNumber = c.req.param('trialNumber') ?? '';
    const path = TrialPathSchema.safeParse({
      phase: c.req.param('phase') ?? '',
      block: PLAIN_WHOLE_NUMBER.test(block) ? block : Number.NaN,
      trialNumber: PLAIN_WHOLE_NUMBER.test(trialNumber) ? trialNumber : Number.NaN,
    });
    // A path or body refused before the run is looked up is answered 404 when the run is not
    // the caller's, as every other request about someone else's run is.
    const { position, body } = await notFoundUnlessOwned(deps, ownerId, resultId, async () => {
      if (!path.success) throw new AppError('BAD_REQUEST', TRIAL_PATH_MISMATCH);
      return { position: path.data, body: await readJsonBody(c) };
    });
    const outcome = await saveTrial(deps, ownerId, resultId, position, body);
    // Only a trial stored for its owner says that people are taking tasks, the load that
    // password hashing yields to: refused, replayed or unauthenticated saves cost little, and
    // counting them would let anyone push logins to the back of the CPU with requests that need
    // no account.
    if (outcome === 'created') trialSaveRate.note();
    const answer = { saved: true, duplicate: outcome === 'duplicate' } as const;
    const response = c.json(answer, outcome === 'created' ? 201 : 200);
    // With its length known, compress() leaves the 31-byte answer alone: gzipping it (as a
    // stream, with chunked encoding) would cost CPU on every save for no gain.
    response.headers.set('Content-Length', String(JSON.stringify(answer).length));
    return response;
  };
}

/**
 * The routes of one owner's runs: read a run and its trials, save a trial, complete the run.
 * `afterComplete` runs once a run is complete (a study moves its participant past the step).
 */
export function runRoutes(
  ownerOf: RunOwnerOf,
  afterComplete?: (c: Context<AppEnv>, ownerId: string, run: Run) => Promise<void>,
) {
  return (
    new Hono<AppEnv>()
      .get('/:id', async (c) => {
        const ownerId = await ownerOf(c);
        const deps = c.get('deps');
        const owned = await getOwnedRun(deps, ownerId, parseResultId(c.req.param('id')));
        return c.json({ run: await toRun(deps, owned) });
      })
      .get('/:id/trials', async (c) => {
        const ownerId = await ownerOf(c);
        const resultId = parseResultId(c.req.param('id'));
        return c.json({ trials: await listTrials(c.get('deps'), ownerId, resultId) });
      })
      // Any task's trial; the path without a block is block 0 (the path of trials queued by
      // browsers before blocks existed).
      .put('/:id/trials/:phase/:block/:trialNumber', saveTrialHandler(ownerOf))
      .put('/:id/trials/:phase/:trialNumber', saveTrialHandler(ownerOf))
      .post('/:id/complete', async (c) => {
        const ownerId = await ownerOf(c);
        const resultId = parseResultId(c.req.param('id'));
        const input = await parseJsonBody(c, CompleteRunInputSchema);
        const run = await completeRun(c.get('deps'), ownerId, resultId, input);
        if (afterComplete) await afterComplete(c, ownerId, run);
        return c.json({ run });
      })
  );
}
