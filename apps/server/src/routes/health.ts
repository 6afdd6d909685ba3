import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  await c.get('deps').db.execute(sql`select 1`);
  return c.json({ status: 'ok' });
});
