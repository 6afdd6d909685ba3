import type { Run, TestType } from '@cogni/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { testResults } from '../../db/schema';
import type { ServiceContext } from '../context';
import { isAbandonable } from './close-abandoned-runs';
import { getOwnedRun, toRun } from './to-run';

/**
 * The user's latest run of a test if it is unfinished, to resume it
 * (docs/product.md#how-resume-works); null otherwise. Only the latest counts: starting a new run
 * leaves older unfinished ones. A run closed as abandoned, or due to be (left for more than a day:
 * isAbandonable), is never resumed. An admin preview (ADR 028) is never resumed either: its
 * configuration is not the task's, and the next start without one must not continue it as a normal
 * run; the latest normal run is the one found.
 */
export async function findActiveRun(
  ctx: ServiceContext,
  ownerId: string,
  testType: TestType,
): Promise<Run | null> {
  const [latest] = await ctx.db
    .select({
      id: testResults.id,
      endTime: testResults.endTime,
      abandonedAt: testResults.abandonedAt,
      isLeft: sql<boolean>`${isAbandonable(ctx.now())}`,
    })
    .from(testResults)
    .where(
      and(
        eq(testResults.ownerId, ownerId),
        eq(testResults.testType, testType),
        eq(testResults.isMock, false),
        eq(testResults.isPreview, false),
      ),
    )
    .orderBy(desc(testResults.startTime))
    .limit(1);
  const isOpen = latest && !latest.endTime && !latest.abandonedAt && !latest.isLeft;
  return isOpen ? toRun(ctx, await getOwnedRun(ctx, ownerId, latest.id)) : null;
}
