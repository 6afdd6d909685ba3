import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireAdmin } from '../middleware/session';
import { adminAuditLogRoutes } from './admin/audit-log';
import { adminErrorLogRoutes } from './admin/error-logs';
import { adminExportRoutes } from './admin/export';
import { adminMockDataRoutes } from './admin/mock-data';
import { adminReportRoutes } from './admin/reports';
import { adminResultRoutes } from './admin/results';
import { adminUserRoutes } from './admin/users';

/**
 * The admin API. The role is checked on the server on every request
 * (docs/product.md#roles-and-permissions), from the database (getSessionUser reads it fresh):
 * visitors get 401, users 403 'You do not have admin privileges'. The check runs before any body or
 * query is read, and each handler repeats it.
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    requireAdmin(c);
    await next();
  })
  .route('/users', adminUserRoutes)
  .route('/results', adminResultRoutes)
  .route('/reports', adminReportRoutes)
  .route('/error-logs', adminErrorLogRoutes)
  .route('/mock-data', adminMockDataRoutes)
  .route('/export', adminExportRoutes)
  .route('/audit-log', adminAuditLogRoutes);
