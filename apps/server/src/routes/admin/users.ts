import {
  ChangeRoleInputSchema,
  CreateUserInputSchema,
  type Text,
  UserListQuerySchema,
} from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { parseJsonBody } from '../../lib/parse-body';
import { parseId } from '../../lib/parse-id';
import { parseQuery } from '../../lib/parse-query';
import { requireAdmin } from '../../middleware/session';
import { changeRole } from '../../services/users/change-role';
import { createUser } from '../../services/users/create-user';
import { deactivateUser } from '../../services/users/deactivate-user';
import { getAdminUser } from '../../services/users/get-admin-user';
import { listUsers } from '../../services/users/list-users';
import { reactivateUser } from '../../services/users/reactivate-user';

const USER_NOT_FOUND: Text = /*i18n*/ { id: 'errors.userNotFound', message: 'User not found' };

function parseUserId(id: string): string {
  return parseId(id, USER_NOT_FOUND);
}

export const adminUserRoutes = new Hono<AppEnv>()
  /**
   * GET /api/admin/users?search=&page=1&pageSize=25 -> UserListResponse
   * `{ users: AdminUser[], total, page, pageSize }`: accounts with their profiles, oldest first.
   * `search` matches part of the email, first or last name or "first last", ignoring case.
   */
  .get('/', async (c) => {
    requireAdmin(c);
    const query = parseQuery(c, UserListQuerySchema);
    return c.json(await listUsers(c.get('deps'), query));
  })
  /**
   * POST /api/admin/users `{ email, password, firstName, lastName, role }` -> 201
   * `{ user: AdminUser }`. Registration's rules; 400 with `error.fields` per field, 409 with
   * `fields.email` if the email is taken.
   */
  .post('/', async (c) => {
    const { user } = requireAdmin(c);
    const input = await parseJsonBody(c, CreateUserInputSchema);
    return c.json({ user: await createUser(c.get('deps'), user.id, input) }, 201);
  })
  /** GET /api/admin/users/:id -> `{ user: AdminUser }` (account and profile); 404 if unknown. */
  .get('/:id', async (c) => {
    requireAdmin(c);
    return c.json({ user: await getAdminUser(c.get('deps'), parseUserId(c.req.param('id'))) });
  })
  /**
   * PATCH /api/admin/users/:id/role `{ role: 'user' | 'admin' }` -> `{ user: AdminUser }`.
   * Applies on that user's next request. 409 for the last active admin; 404 if unknown.
   */
  .patch('/:id/role', async (c) => {
    const { user } = requireAdmin(c);
    const userId = parseUserId(c.req.param('id'));
    const { role } = await parseJsonBody(c, ChangeRoleInputSchema);
    return c.json({ user: await changeRole(c.get('deps'), user.id, userId, role) });
  })
  /**
   * POST /api/admin/users/:id/deactivate (no body) -> `{ user: AdminUser }`. Ends the user's
   * sessions and blocks login until reactivated. 409 for the last active admin; 404 if unknown.
   */
  .post('/:id/deactivate', async (c) => {
    const { user } = requireAdmin(c);
    const userId = parseUserId(c.req.param('id'));
    return c.json({ user: await deactivateUser(c.get('deps'), user.id, userId) });
  })
  /** POST /api/admin/users/:id/reactivate (no body) -> `{ user: AdminUser }`; 404 if unknown. */
  .post('/:id/reactivate', async (c) => {
    const { user } = requireAdmin(c);
    const userId = parseUserId(c.req.param('id'));
    return c.json({ user: await reactivateUser(c.get('deps'), user.id, userId) });
  });
