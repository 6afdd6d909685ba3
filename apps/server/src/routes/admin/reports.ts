import { findTask, TaskReportQuerySchema, type Text } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { AppError } from '../../lib/app-error';
import { parseQuery } from '../../lib/parse-query';
import { requireAdmin } from '../../middleware/session';
import { getTaskReport } from '../../services/reports/get-task-report';

const NO_SUCH_TEST: Text = /*i18n*/ { id: 'errors.noSuchTest', message: 'No such test' };

export const adminReportRoutes = new Hono<AppEnv>()
  /**
   * GET /api/admin/reports/:testType?includeMock=true|false (default true)&includeImplausible=
   * true|false (default false: runs judged implausible or closed as abandoned are left out) ->
   * TaskReportResponse `{ testType, includeMock, includeImplausible, totalTrials, cells }`: the
   * task's report cells in its order, each `{ cell, label, trialCount, meanRtMs (correct
   * trials), errorRatePercent }`; empty cells have null means and rates. 404 for a test type no
   * task implements.
   */
  .get('/:testType', async (c) => {
    requireAdmin(c);
    const task = findTask(c.req.param('testType'));
    if (!task) throw new AppError('NOT_FOUND', NO_SUCH_TEST);
    const options = parseQuery(c, TaskReportQuerySchema);
    return c.json(await getTaskReport(c.get('deps'), task, options));
  });
