import {
  ChangePasswordInputSchema,
  DeleteAccountInputSchema,
  UpdateNameInputSchema,
} from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { parseJsonBody } from '../lib/parse-body';
import { clearSessionCookie, requireUser } from '../middleware/session';
import { changePassword } from '../services/account/change-password';
import { deleteAccount } from '../services/account/delete-account';
import { exportAccount } from '../services/account/export-account';
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
  })
  /** Change password: the current one is needed; other sessions end unless asked not to. */
  .post('/password', async (c) => {
    const { user, sessionId } = requireUser(c);
    const input = await parseJsonBody(c, ChangePasswordInputSchema);
    const { endedSessions } = await changePassword(
      c.get('deps'),
      { userId: user.id, sessionId },
      input,
    );
    c.get('deps').logger.info({ userId: user.id, endedSessions }, 'password changed');
    return c.json({ endedSessions });
  })
  /** Everything stored about the caller, as a JSON file to keep. */
  .get('/account-export', async (c) => {
    const { user } = requireUser(c);
    const data = await exportAccount(c.get('deps'), user.id);
    c.get('deps').logger.info({ userId: user.id }, 'account data exported');
    c.header(
      'Content-Disposition',
      `attachment; filename="cogni-account-${data.exportedAt.slice(0, 10)}.json"`,
    );
    c.header('Cache-Control', 'no-store');
    return c.json(data);
  })
  /** Deletes the account and all its data after the password is given again. */
  .delete('/', async (c) => {
    const { user } = requireUser(c);
    const input = await parseJsonBody(c, DeleteAccountInputSchema);
    await deleteAccount(c.get('deps'), user.id, input);
    c.get('deps').logger.info({ userId: user.id }, 'account deleted');
    clearSessionCookie(c);
    return c.body(null, 204);
  });
