import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ACCOUNT_FIELD_ERRORS, MESSAGES, type RegisterInput, type Text } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashNewPassword, insertAccount } from '../auth/new-account';
import { type ClientInfo, type NewSession, startSession } from '../auth/start-session';
import type { PasswordContext, ServiceContext } from '../context';

const EMAIL_OF_EXISTING_ACCOUNT: Text = /*i18n*/ {
  id: 'errors.emailOfExistingAccount',
  message: 'This email belongs to an existing account',
};

/**
 * The first admin of a new installation comes from a one-time setup link: the server that
 * starts with no admin makes a random token, logs the link once, and keeps only the token's
 * SHA-256 in memory. The link works until an admin is made with it, or until the server stops:
 * a restart makes a new one, so a link copied from an old log opens nothing.
 */
let setupTokenHash: Buffer | null = null;

const digest = (token: string) => createHash('sha256').update(token).digest();

export async function hasAdmin(ctx: Pick<ServiceContext, 'db'>): Promise<boolean> {
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .limit(1);
  return admin !== undefined;
}

/** Makes the setup token when there is no admin yet; returns it (to log), or null. */
export async function openFirstAdminSetup(ctx: Pick<ServiceContext, 'db'>): Promise<string | null> {
  if (await hasAdmin(ctx)) {
    setupTokenHash = null;
    return null;
  }
  const token = randomBytes(32).toString('base64url');
  setupTokenHash = digest(token);
  return token;
}

function isSetupToken(token: string): boolean {
  return setupTokenHash !== null && timingSafeEqual(digest(token), setupTokenHash);
}

/** Whether `token` opens the setup now: it is this server's, unused, and there is no admin. */
export async function isSetupOpen(ctx: Pick<ServiceContext, 'db'>, token: string) {
  return isSetupToken(token) && !(await hasAdmin(ctx));
}

/**
 * Creates the first admin from the setup link and signs them in. The token is taken before
 * anything is awaited, so of two requests at once only one gets it; it is given back when no
 * admin is made (a common password, an email already in use), so the person can correct it.
 * The admin must set up two-factor login before anything else (users.mustSetUpTotp).
 */
export async function createFirstAdmin(
  ctx: PasswordContext,
  token: string,
  input: RegisterInput,
  client: ClientInfo,
): Promise<NewSession> {
  if (!isSetupToken(token)) throw new AppError('NOT_FOUND', MESSAGES.setupLinkInvalid);
  const claimed = setupTokenHash;
  setupTokenHash = null;
  let userId: string | null;
  try {
    if (await hasAdmin(ctx)) throw new AppError('NOT_FOUND', MESSAGES.setupLinkInvalid);
    const passwordHash = await hashNewPassword(ctx.passwords, input.password);
    userId = await ctx.db.transaction((tx) =>
      insertAccount(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'admin',
        createdAt: ctx.now(),
        mustSetUpTotp: true,
      }),
    );
    if (userId === null) {
      throw new AppError('BAD_REQUEST', EMAIL_OF_EXISTING_ACCOUNT, {
        email: ACCOUNT_FIELD_ERRORS.emailOfExistingAccount,
      });
    }
  } catch (error) {
    // Nothing was made (refused input, a busy server): the link keeps working. An admin made
    // meanwhile (by the CLI) closes it anyway, as every use checks for one.
    setupTokenHash = claimed;
    throw error;
  }
  return startSession(ctx, userId, client);
}
