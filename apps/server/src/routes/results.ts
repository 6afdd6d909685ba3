import {
  isAdmin,
  StartableTestTypeSchema,
  StartRunInputSchema,
  TASKS,
  type Text,
} from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { parseJsonBody } from '../lib/parse-body';
import { requireUser } from '../middleware/session';
import { findActiveRun } from '../services/results/find-active-run';
import { getRunStartLimit, startRun } from '../services/results/start-run';
import { runRoutes } from './run-routes';

/** The refusal of a custom configuration from anyone but an admin (ADR 028). */
export const PREVIEW_ADMINS_ONLY: Text = /*i18n*/ {
  id: 'errors.previewAdminsOnly',
  message: 'Only admins can start a test with a custom configuration (an admin preview)',
};
const UNKNOWN_TEST_TYPE: Text = /*i18n*/ {
  id: 'errors.unknownTestType',
  message: 'Unknown testType',
};

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
    if (!testType.success) throw new AppError('BAD_REQUEST', UNKNOWN_TEST_TYPE);
    return c.json({ run: await findActiveRun(c.get('deps'), user.id, testType.data) });
  })
  .route(
    '/',
    runRoutes((c) => requireUser(c).user.id),
  );
