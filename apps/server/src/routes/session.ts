import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { getLanguage } from '../services/users/language';

/**
 * Who is signed in, and the language their profile names. Always 200, so the SPA can tell
 * "logged out" from "server down".
 */
export const sessionRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const user = c.get('session')?.user ?? null;
  const language = user ? await getLanguage(c.get('deps'), user.id) : null;
  return c.json({ user, language });
});
