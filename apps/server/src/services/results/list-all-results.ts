import type { AdminResultListResponse, ResultListQuery } from '@cogni/domain';
import { and, desc, sql } from 'drizzle-orm';
import { testResults, users } from '../../db/schema';
import type { ServiceContext } from '../context';
import { toResultConditions } from './result-filter';
import { ADMIN_RESULT_COLUMNS, RESULT_OWNER, toAdminResult } from './to-admin-result';

/**
 * One page of every user's results (finished or not) that match the filter, newest first, with
 * the number that match in all (admin only; the route checks).
 */
export async function listAllResults(
  ctx: ServiceContext,
  query: ResultListQuery,
): Promise<AdminResultListResponse> {
  const where = and(...toResultConditions(query.filter));
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select(ADMIN_RESULT_COLUMNS)
      .from(testResults)
      .innerJoin(users, RESULT_OWNER)
      .where(where)
      .orderBy(desc(testResults.startTime), desc(testResults.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(testResults).where(where),
  ]);
  return {
    results: rows.map(toAdminResult),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}
