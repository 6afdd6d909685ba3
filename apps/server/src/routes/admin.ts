import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { requireAdmin } from '../middleware/session';
import { listUsers } from '../services/users/list-users';

export const adminRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    requireAdmin(c);
    await next();
  })
  .get('/users', async (c) => c.json({ users: await listUsers(c.get('deps')) }));
