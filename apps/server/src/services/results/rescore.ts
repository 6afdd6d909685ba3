import { TASKS } from '@cogni/domain';
import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { testResults, testSessions, trials } from '../../db/schema';
import type { ServiceContext } from '../context';
import { SCORED_TRIAL_COLUMNS, scoreStoredTrials } from './score-stored';
import { recordScore, toSummaryColumns } from './summary-columns';
import { readConfig } from './to-run';

/** Finished runs rescored per transaction. */
const BATCH_SIZE = 50;

/**
 * Rescores every finished run whose scores come from an older scoring version than its task's
 * current one (or none), from its stored trials (ADR 029): the result's columns take the new
 * scores, the history keeps every version, and each trial gets its exclusions. Runs go in
 * batches of BATCH_SIZE, oldest first, each batch in one transaction, so the server keeps
 * answering meanwhile and a stop halfway leaves every run on one version or the other. Safe on
 * several instances at once: a run scored twice gets the same scores. Returns how many runs
 * were rescored.
 */
export async function rescoreStoredRuns(
  ctx: Pick<ServiceContext, 'db'>,
  options: { maxRuns?: number } = {},
): Promise<number> {
  let done = 0;
  for (const task of TASKS) {
    for (;;) {
      const limit = Math.min(BATCH_SIZE, (options.maxRuns ?? Number.POSITIVE_INFINITY) - done);
      if (limit <= 0) return done;
      const batch = await ctx.db
        .select({ result: testResults, session: testSessions })
        .from(testResults)
        .innerJoin(testSessions, eq(testSessions.id, testResults.sessionId))
        .where(
          and(
            eq(testResults.testType, task.id),
            isNotNull(testResults.endTime),
            or(
              isNull(testResults.scoringVersion),
              lt(testResults.scoringVersion, task.scoringVersion),
            ),
          ),
        )
        .orderBy(asc(testResults.startTime), asc(testResults.id))
        .limit(limit);
      if (batch.length === 0) break;
      await ctx.db.transaction(async (tx) => {
        for (const { result, session } of batch) {
          const stored = await tx
            .select(SCORED_TRIAL_COLUMNS)
            .from(trials)
            .where(eq(trials.resultId, result.id));
          const score = scoreStoredTrials(task, readConfig(task, session), stored);
          await tx
            .update(testResults)
            .set(toSummaryColumns(task, score))
            .where(eq(testResults.id, result.id));
          await recordScore(tx, task, result.id, score);
        }
      });
      done += batch.length;
    }
  }
  return done;
}
