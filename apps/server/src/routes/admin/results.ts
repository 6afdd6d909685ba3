import { ResultListQuerySchema } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { parseResultId } from '../../lib/parse-id';
import { parseQuery } from '../../lib/parse-query';
import { requireAdmin } from '../../middleware/session';
import { getResultTrials } from '../../services/results/get-result-trials';
import { listAllResults } from '../../services/results/list-all-results';

export const adminResultRoutes = new Hono<AppEnv>()
  /**
   * GET /api/admin/results?userId=&testType=&from=&to=&includeMock=true&includeImplausible=false
   * &includePreview=false&page=1&pageSize=25 -> AdminResultListResponse `{ results:
   * AdminResult[], total, page, pageSize }`: every user's results, finished or not, newest
   * first. from/to: YYYY-MM-DD (whole UTC day, inclusive) or an ISO date-time, on the result's
   * start time. Runs judged implausible or closed as abandoned are listed only with
   * includeImplausible=true, with implausibleReason and abandonedAt; admin previews (isPreview,
   * ADR 028) only with includePreview=true.
   */
  .get('/', async (c) => {
    requireAdmin(c);
    const query = parseQuery(c, ResultListQuerySchema);
    return c.json(await listAllResults(c.get('deps'), query));
  })
  /**
   * GET /api/admin/results/:id/trials -> AdminResultTrialsResponse `{ result, config,
   * trials: AdminTrial[] }`: the result with its scores, the settings the run used (a preview's
   * own), trials in run order; 404 if unknown.
   */
  .get('/:id/trials', async (c) => {
    requireAdmin(c);
    const resultId = parseResultId(c.req.param('id'));
    return c.json(await getResultTrials(c.get('deps'), resultId));
  });
