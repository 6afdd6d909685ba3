import { type CompleteRunInput, type Run, scoreStroop } from '@cogni/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { testResults, testSessions, trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { toSummaryColumns } from './summary-columns';
import { getOwnedRun, toRun, toRunView } from './to-run';
import { RESULT_TRIAL_COLUMNS } from './to-trial';

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

  // Without the timing records: they are most of a trial's bytes, and scoring does not read them.
  const stored = await ctx.db
    .select(RESULT_TRIAL_COLUMNS)
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
  const finished = await ctx.db.transaction(async (tx) => {
    const [written] = await tx
      .update(testResults)
      .set({
        endTime: ctx.now(),
        ...toSummaryColumns(summary),
      })
      // Two concurrent completions: only the first writes; both then answer the stored summary.
      .where(and(eq(testResults.id, resultId), isNull(testResults.endTime)))
      .returning();
    await tx
      .update(testSessions)
      .set({
        measurement: sql`${testSessions.measurement} || ${JSON.stringify({ attentionEvents: input.attentionEvents })}::jsonb`,
      })
      .where(eq(testSessions.id, owned.session.id));
    return written;
  });
  // The row as written, with the trials just read; only the completion that lost a race reads
  // the winner's summary back.
  if (finished) return toRunView({ ...owned, result: finished }, stored);
  return toRun(ctx, await getOwnedRun(ctx, userId, resultId));
}
