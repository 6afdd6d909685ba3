import { eq } from 'drizzle-orm';
import { authSessions } from '../../db/schema';
import type { ServiceContext } from '../context';

/** Ends the session on the server (ASVS 7.4.1): the cookie is worthless afterwards. */
export async function logOut(ctx: ServiceContext, sessionId: string): Promise<void> {
  await ctx.db.delete(authSessions).where(eq(authSessions.id, sessionId));
}
