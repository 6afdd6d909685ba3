import { ErrorLogListQuerySchema } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { parseQuery } from '../../lib/parse-query';
import { requireAdmin } from '../../middleware/session';
import { listErrorLogs } from '../../services/error-logs/list-error-logs';

export const adminErrorLogRoutes = new Hono<AppEnv>()
  /**
   * GET /api/admin/error-logs?page=1&pageSize=100 -> `{ errorLogs: AdminErrorLog[], total, page,
   * pageSize }`: one page (100 entries unless fewer are asked for), the most recently seen first, each
   * `{ id, errorType, errorMessage, userId, userEmail, timestamp, lastSeenAt, count, context }`.
   */
  .get('/', async (c) => {
    requireAdmin(c);
    const query = parseQuery(c, ErrorLogListQuerySchema);
    return c.json(await listErrorLogs(c.get('deps'), query));
  });
