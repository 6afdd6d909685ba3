import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { requireAdmin } from '../../middleware/session';
import { listAuditLog } from '../../services/audit/list-audit-log';

export const adminAuditLogRoutes = new Hono<AppEnv>()
  /**
   * GET /api/admin/audit-log -> `{ entries: AuditLogEntry[] }`: the latest 100 admin actions,
   * newest first, each `{ id, action, actorId, actorEmail, targetUserId, targetEmail, details,
   * createdAt }`.
   */
  .get('/', async (c) => {
    requireAdmin(c);
    return c.json({ entries: await listAuditLog(c.get('deps')) });
  });
