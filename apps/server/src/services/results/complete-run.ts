import { type CompleteRunInput, type Run, scoreStroop } from '@cogni/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { testResults, testSessions, trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { toSummaryColumns } from './summary-columns';
import { getOwnedRun, toRun } from './to-run';

/**
 * 'View Results': scores the run from its stored trials (never from numbers the browser sends,
 * D15) and writes the summary into the same result (D9). Once complete, calling again returns
 * the stored summary unchanged.
 */
export async function completeRun(
  ctx: ServiceContext,
  userId: string,
  resultId: string,
  input: CompleteRunInput,
): Promise<Run> {
  const owned = await getOwnedRun(ctx, userId, resultId);
  if (owned.result.endTime) return toRun(ctx, owned);

  // Only what scoring reads: the timing records are most of a trial's bytes, and every
  // participant finishing at once made this read a visible share of the server's CPU (bench:soak).
  const stored = await ctx.db
    .select({
      phase: trials.phase,
      trialNumber: trials.trialNumber,
      cueWord: trials.cueWord,
      isSwitch: trials.isSwitch,
      isCorrect: trials.isCorrect,
      reactionTime: trials.reactionTime,
    })
    .from(trials)
    .where(eq(trials.resultId, resultId));
  const testCount = stored.filter((t) => t.phase === 'test').length;
  if (testCount < owned.config.testTrials) {
    throw new AppError(
      'CONFLICT',
      `The test is not finished: ${testCount} of ${owned.config.testTrials} test trials are saved`,
    );
  }
  const summary = scoreStroop(
    owned.config,
    stored.map((t) => ({
      phase: t.phase,
      trialNumber: t.trialNumber,
      cueWord: t.cueWord === 'Word' ? 'Word' : 'Color',
      isSwitch: t.isSwitch,
      isCorrect: t.isCorrect,
      reactionTime: t.reactionTime,
    })),
  );
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(testResults)
      .set({
        endTime: ctx.now(),
        ...toSummaryColumns(summary),
      })
      // Two concurrent completions: only the first writes; both then read the same summary.
      .where(and(eq(testResults.id, resultId), isNull(testResults.endTime)));
    await tx
      .update(testSessions)
      .set({
        measurement: sql`${testSessions.measurement} || ${JSON.stringify({ attentionEvents: input.attentionEvents })}::jsonb`,
      })
      .where(eq(testSessions.id, owned.session.id));
  });
  return toRun(ctx, await getOwnedRun(ctx, userId, resultId));
}
