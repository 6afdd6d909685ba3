import type { Run, TestType } from '@cogni/domain';
import { and, desc, eq } from 'drizzle-orm';
import { testResults } from '../../db/schema';
import type { ServiceContext } from '../context';
import { getOwnedRun, toRun } from './to-run';

/**
 * The user's latest run of a test if it is unfinished, to resume it (D17); null otherwise. Only
 * the latest counts: starting a new run abandons older unfinished ones.
 */
export async function findActiveRun(
  ctx: ServiceContext,
  userId: string,
  testType: TestType,
): Promise<Run | null> {
  const [latest] = await ctx.db
    .select({ id: testResults.id, endTime: testResults.endTime })
    .from(testResults)
    .where(
      and(
        eq(testResults.userId, userId),
        eq(testResults.testType, testType),
        eq(testResults.isMock, false),
      ),
    )
    .orderBy(desc(testResults.startTime))
    .limit(1);
  return latest && !latest.endTime ? toRun(ctx, await getOwnedRun(ctx, userId, latest.id)) : null;
}
