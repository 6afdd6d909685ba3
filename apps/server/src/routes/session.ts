import { Hono } from 'hono';
import type { AppEnv } from '../app-env';

/** Who is signed in. Always 200, so the SPA can tell "logged out" from "server down". */
export const sessionRoutes = new Hono<AppEnv>().get('/', (c) =>
  c.json({ user: c.get('session')?.user ?? null }),
);
