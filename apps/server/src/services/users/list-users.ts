import type { User } from '@cogni/domain';
import { asc } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { ServiceContext } from '../context';
import { toUser } from './to-user';

/** Every user, oldest account first (admin only; the route checks). */
export async function listUsers(ctx: ServiceContext): Promise<User[]> {
  const rows = await ctx.db.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
  return rows.map(toUser);
}
