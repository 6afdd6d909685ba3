import type { Run, TestType } from '@cogni/domain';
import { and, desc, eq } from 'drizzle-orm';
import { testResults } from '../../db/schema';
import type { ServiceContext } from '../context';
import { ABANDON_AFTER_MS } from './close-abandoned-runs';
import { getOwnedRun, toRun } from './to-run';

/**
 * The user's latest run of a test if it is unfinished, to resume it (D17); null otherwise. Only
 * the latest counts: starting a new run leaves older unfinished ones. A run closed as abandoned,
 * or due to be (unfinished for more than a day), is never resumed.
 */
export async function findActiveRun(
  ctx: ServiceContext,
  userId: string,
  testType: TestType,
): Promise<Run | null> {
  const [latest] = await ctx.db
    .select({
      id: testResults.id,
      startTime: testResults.startTime,
      endTime: testResults.endTime,
      abandonedAt: testResults.abandonedAt,
    })
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
  const isOpen =
    latest &&
    !latest.endTime &&
    !latest.abandonedAt &&
    ctx.now().getTime() - latest.startTime.getTime() <= ABANDON_AFTER_MS;
  return isOpen ? toRun(ctx, await getOwnedRun(ctx, userId, latest.id)) : null;
}
