import {
  ChangePasswordInputSchema,
  ConfirmTotpInputSchema,
  DeleteAccountInputSchema,
  DisableTotpInputSchema,
  LanguageInputSchema,
  UpdateNameInputSchema,
} from '@cogni/domain';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { parseJsonBody } from '../lib/parse-body';
import { clearSessionCookie, requireUser } from '../middleware/session';
import { changePassword } from '../services/account/change-password';
import { deleteAccount } from '../services/account/delete-account';
import { exportAccount } from '../services/account/export-account';
import { confirmTotp } from '../services/auth/totp/confirm-totp';
import { disableTotp } from '../services/auth/totp/disable-totp';
import { startTotpSetup } from '../services/auth/totp/start-totp-setup';
import { getMe } from '../services/users/get-me';
import { setLanguage } from '../services/users/language';
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
  /**
   * PUT /api/me/language `{ language }` -> `{ language }`: the language of the user's pages
   * (ADR 042), one Cogni speaks or null for none (the browser's then).
   */
  .put('/language', async (c) => {
    const { user } = requireUser(c);
    const { language } = await parseJsonBody(c, LanguageInputSchema);
    return c.json({ language: await setLanguage(c.get('deps'), user.id, language) });
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
  /**
   * POST /api/me/totp/setup (no body) -> TotpSetupResponse: a new secret, its otpauth URI and QR
   * code, shown once. Two-factor login stays off until confirmed; 409 if it is already on.
   */
  .post('/totp/setup', async (c) => {
    const { user } = requireUser(c);
    return c.json(await startTotpSetup(c.get('deps'), user.id));
  })
  /**
   * POST /api/me/totp/confirm `{ password, code }` -> `{ user, endedSessions, recoveryCodes }`:
   * two-factor login is on, the account's other sessions are ended, and the 10 recovery codes
   * are shown this once. 400 on the field that is wrong.
   */
  .post('/totp/confirm', async (c) => {
    const { user, sessionId } = requireUser(c);
    const input = await parseJsonBody(c, ConfirmTotpInputSchema);
    const result = await confirmTotp(c.get('deps'), { userId: user.id, sessionId }, input);
    c.get('deps').logger.info(
      { userId: user.id, endedSessions: result.endedSessions },
      'two-factor login turned on',
    );
    return c.json(result);
  })
  /**
   * DELETE /api/me/totp `{ password, code }` (an app code or a recovery code) ->
   * `{ user, endedSessions: 0 }`. Wrong codes count with wrong passwords toward the account's
   * limit on re-authentication (429 past it), so a stolen session and password cannot guess one.
   */
  .delete('/totp', async (c) => {
    const { user } = requireUser(c);
    const deps = c.get('deps');
    const input = await parseJsonBody(c, DisableTotpInputSchema);
    const result = await disableTotp(deps, user.id, input);
    deps.logger.info({ userId: user.id }, 'two-factor login turned off');
    return c.json(result);
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
