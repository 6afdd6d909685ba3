import type { UserListQuery, UserListResponse } from '@cogni/domain';
import { asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { userProfiles, users } from '../../db/schema';
import type { ServiceContext } from '../context';
import { toAdminUser } from './to-user';

/** A LIKE pattern that finds `text` literally: %, _ and \ in a search are not wildcards. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * One page of users with their profiles, oldest account first, and the number that match.
 * The search matches part of the email, first name, last name or "first last", ignoring case.
 */
export async function listUsers(
  ctx: ServiceContext,
  query: UserListQuery,
): Promise<UserListResponse> {
  let where: SQL | undefined;
  if (query.search) {
    const pattern = containsPattern(query.search);
    where = or(
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    );
  }
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ user: users, profile: userProfiles })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.email))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return {
    users: rows.map((row) => toAdminUser(row.user, row.profile)),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
