import {
  PROGRESS_HISTORY_LIMIT,
  PROGRESS_RESULTS_LIMIT,
  type ProgressResponse,
  type TestType,
} from '@cogni/domain';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { testResults, trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { toSummary } from '../results/to-run';
import { compareRunOrder, RESULT_TRIAL_COLUMNS, toResultTrial } from '../results/to-trial';

/**
 * The user's progress: their most recent finished results with every trial, and the scores of
 * all their finished results for the trend. Three queries whatever the number of results: the
 * trials of all listed results are read at once, not one query per result (the spec's N+1).
 */
export async function getProgress(ctx: ServiceContext, userId: string): Promise<ProgressResponse> {
  const isOwnFinished = and(eq(testResults.userId, userId), isNotNull(testResults.endTime));
  const [recent, history] = await Promise.all([
    ctx.db
      .select()
      .from(testResults)
      .where(isOwnFinished)
      .orderBy(desc(testResults.startTime), desc(testResults.id))
      .limit(PROGRESS_RESULTS_LIMIT),
    ctx.db
      .select({
        id: testResults.id,
        testType: testResults.testType,
        startTime: testResults.startTime,
        overallScore: testResults.overallScore,
        averageReactionTime: testResults.averageReactionTime,
        isMock: testResults.isMock,
      })
      .from(testResults)
      .where(and(isOwnFinished, isNotNull(testResults.overallScore)))
      .orderBy(desc(testResults.startTime), desc(testResults.id))
      .limit(PROGRESS_HISTORY_LIMIT),
  ]);
  const trialRows =
    recent.length === 0
      ? []
      : await ctx.db
          .select(RESULT_TRIAL_COLUMNS)
          .from(trials)
          .where(
            inArray(
              trials.resultId,
              recent.map((r) => r.id),
            ),
          );
  const trialsByResult = new Map<string, (typeof trialRows)[number][]>();
  for (const row of trialRows) {
    const list = trialsByResult.get(row.resultId);
    if (list) list.push(row);
    else trialsByResult.set(row.resultId, [row]);
  }

  return {
    results: recent.map((result) => {
      // isOwnFinished guarantees endTime.
      const endTime = result.endTime ?? result.startTime;
      return {
        id: result.id,
        sessionId: result.sessionId,
        testType: result.testType as TestType,
        startTime: result.startTime.toISOString(),
        endTime: endTime.toISOString(),
        durationMs: Math.max(0, endTime.getTime() - result.startTime.getTime()),
        isMock: result.isMock,
        summary: toSummary(result),
        trials: (trialsByResult.get(result.id) ?? []).sort(compareRunOrder).map(toResultTrial),
      };
    }),
    history: history.reverse().map((point) => ({
      id: point.id,
      testType: point.testType as TestType,
      startTime: point.startTime.toISOString(),
      overallScore: point.overallScore ?? 0,
      averageReactionTime: point.averageReactionTime,
      isMock: point.isMock,
    })),
  };
}
