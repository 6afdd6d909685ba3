import {
  type CompleteRunInput,
  findRunImplausibility,
  getPhaseTrialCount,
  PHASES,
  type Run,
  scoreStroop,
} from '@cogni/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { testResults, testSessions, trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { toSummaryColumns } from './summary-columns';
import { getOwnedRun, toRun, toRunView } from './to-run';
import { RESULT_TRIAL_COLUMNS } from './to-trial';

/**
 * 'View Results': scores the run from its stored trials (never from numbers the browser sends,
 * D15) and writes the summary into the same result (D9). Every sample, practice and test trial
 * must be saved, as the test shows them all. The run is also judged against the server's clock
 * (findRunImplausibility): one whose trials arrived faster than a person can take them, or whose
 * trial times go backwards, is still scored and stored, with the reason in implausibleReason, and
 * reports leave it out. Once complete, calling again returns the stored summary unchanged.
 */
export async function completeRun(
  ctx: ServiceContext,
  userId: string,
  resultId: string,
  input: CompleteRunInput,
): Promise<Run> {
  const owned = await getOwnedRun(ctx, userId, resultId);
  if (owned.result.endTime) return toRun(ctx, owned);
  if (owned.result.abandonedAt) {
    throw new AppError(
      'CONFLICT',
      'This test was abandoned: it was left unfinished for more than a day. Start a new test.',
    );
  }

  // Without the timing records: they are most of a trial's bytes, and neither scoring nor the
  // plausibility check reads them.
  const stored = await ctx.db
    .select({
      ...RESULT_TRIAL_COLUMNS,
      startTime: trials.startTime,
      endTime: trials.endTime,
      arrivedAt: trials.createdAt,
    })
    .from(trials)
    .where(eq(trials.resultId, resultId));
  for (const phase of PHASES) {
    const count = stored.filter((t) => t.phase === phase).length;
    const expected = getPhaseTrialCount(owned.config, phase);
    if (count < expected) {
      throw new AppError(
        'CONFLICT',
        `The test is not finished: ${count} of ${expected} ${phase} trials are saved`,
      );
    }
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
        implausibleReason: findRunImplausibility(owned.config, owned.result.startTime, stored),
      })
      // Two concurrent completions: only the first writes; both then answer the stored summary.
      // A run closed as abandoned meanwhile stays abandoned, unscored.
      .where(
        and(
          eq(testResults.id, resultId),
          isNull(testResults.endTime),
          isNull(testResults.abandonedAt),
        ),
      )
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
