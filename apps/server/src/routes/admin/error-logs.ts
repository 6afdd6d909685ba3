import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { requireAdmin } from '../../middleware/session';
import { listErrorLogs } from '../../services/error-logs/list-error-logs';

export const adminErrorLogRoutes = new Hono<AppEnv>()
  /**
   * GET /api/admin/error-logs -> `{ errorLogs: AdminErrorLog[] }`: the latest 100, newest first,
   * each `{ id, errorType, errorMessage, userId, userEmail, timestamp, context }`.
   */
  .get('/', async (c) => {
    requireAdmin(c);
    return c.json({ errorLogs: await listErrorLogs(c.get('deps')) });
  });
