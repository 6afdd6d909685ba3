import { UpdateNameInputSchema } from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { parseJsonBody } from '../lib/parse-body';
import { requireUser } from '../middleware/session';
import { getMe } from '../services/users/get-me';
import { updateName } from '../services/users/update-name';

export const meRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { user } = requireUser(c);
    return c.json(await getMe(c.get('deps'), user.id));
  })
  .patch('/', async (c) => {
    const { user } = requireUser(c);
    // Strict schema: role, isActive, email or any other key makes the whole request a 400.
    const input = await parseJsonBody(c, UpdateNameInputSchema);
    return c.json(await updateName(c.get('deps'), user.id, input));
  });
