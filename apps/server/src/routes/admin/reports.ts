import { StroopReportQuerySchema } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { parseQuery } from '../../lib/parse-query';
import { requireAdmin } from '../../middleware/session';
import { getStroopReport } from '../../services/reports/get-stroop-report';

export const adminReportRoutes = new Hono<AppEnv>()
  /**
   * GET /api/admin/reports/stroop?includeMock=true|false (default true)&includeImplausible=
   * true|false (default false: runs judged implausible or closed as abandoned are left out) ->
   * StroopReportResponse `{ includeMock, includeImplausible, totalTrials, cells }`: D18's four cells ('switch, word', 'noswitch, word',
   * 'switch, color', 'noswitch, color', in that order), each `{ cell, isSwitch, cue, trialCount,
   * meanRtMs (correct trials), errorRatePercent }`; empty cells have null means and rates.
   */
  .get('/stroop', async (c) => {
    requireAdmin(c);
    const options = parseQuery(c, StroopReportQuerySchema);
    return c.json(await getStroopReport(c.get('deps'), options));
  });
