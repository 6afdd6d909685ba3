import { MESSAGES, RegisterInputSchema } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { AppError } from '../lib/app-error';
import { parseJsonBody } from '../lib/parse-body';
import { getClientIp } from '../middleware/request-origin';
import { setSessionCookie } from '../middleware/session';
import { createFirstAdmin, isSetupOpen } from '../services/setup/first-admin-setup';

/** The one-time setup link of a server with no admin (services/setup/first-admin-setup.ts). */
export const setupRoutes = new Hono<AppEnv>()
  /** GET /api/setup/:token -> `{ open: true }`, or 404 when the link opens nothing. */
  .get('/:token', async (c) => {
    if (!(await isSetupOpen(c.get('deps'), c.req.param('token')))) {
      throw new AppError('NOT_FOUND', MESSAGES.setupLinkInvalid);
    }
    return c.json({ open: true });
  })
  /**
   * POST /api/setup/:token `{ email, password, firstName, lastName }` -> 201 `{ user }` with the
   * session cookie: the first admin, signed in, who must set up two-factor login next.
   */
  .post('/:token', async (c) => {
    const input = await parseJsonBody(c, RegisterInputSchema);
    const deps = c.get('deps');
    const session = await createFirstAdmin(deps, c.req.param('token'), input, {
      userAgent: c.req.header('user-agent'),
      ip: getClientIp(c),
    });
    deps.logger.info({ userId: session.user.id }, 'first admin created from the setup link');
    setSessionCookie(c, session.token);
    return c.json({ user: session.user }, 201);
  });
