import type {
  AnyTask,
  CompleteRunInput,
  Run,
  SavedTrial,
  Text,
  TrialPosition,
} from '@cogni/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { testResults, testSessions, trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { SCORED_TRIAL_COLUMNS, scoreStoredTrials } from './score-stored';
import { recordScore, toSummaryColumns } from './summary-columns';
import {
  getOwnedRun,
  RUN_ABANDONED,
  toArrivedTrial,
  toRun,
  toRunView,
  toSavedTrial,
} from './to-run';

const TEXTS = {
  notFinished: /*i18n*/ {
    id: 'errors.runNotFinished',
    message:
      'The test is not finished: {saved} trials are saved, and trial {trialNumber} of the {phase} phase is not',
  },
  blockNotFinished: /*i18n*/ {
    id: 'errors.runBlockNotFinished',
    message:
      'The test is not finished: {saved} trials are saved, and trial {trialNumber} of the {phase} phase (block {block}) is not',
  },
} satisfies Record<string, Text>;

/**
 * The first trial of the run, in the task's run order, that is not saved; null when all are.
 * The task's nextPosition of all the saved trials is where a run resumes, after the last one, so
 * it would pass over a trial missing before the last (a run posted without its practice): this
 * walks the order from the first trial instead, giving nextPosition the saved trials before each
 * position (the order may depend on their correctness).
 */
function findFirstUnsaved(
  task: AnyTask,
  config: unknown,
  saved: readonly SavedTrial[],
): TrialPosition | null {
  const key = (p: TrialPosition) => `${p.phase}/${p.block}/${p.trialNumber}`;
  const byPosition = new Map(saved.map((trial) => [key(trial), trial]));
  const before: SavedTrial[] = [];
  let next = task.nextPosition(config, before);
  // Every step but the last finds a saved trial, so a run order longer than that is unfinished.
  while (next && before.length <= byPosition.size) {
    const trial = byPosition.get(key(next));
    if (!trial) return next;
    before.push(trial);
    next = task.nextPosition(config, before);
  }
  return next;
}

/**
 * 'View Results': scores the run from its stored trials (never from numbers the browser sends,
 * docs/product.md#scores) and writes the summary into the same result. Every trial the task runs
 * must be saved (findFirstUnsaved), as the test shows them all. The run is also judged against the
 * server's clock (the task's runImplausibility): one whose trials arrived faster than a person can
 * take them, or whose trial times go backwards, is still scored and stored, with the reason in
 * implausibleReason, and reports leave it out. Once complete, calling again returns the stored
 * summary unchanged.
 */
export async function completeRun(
  ctx: ServiceContext,
  ownerId: string,
  resultId: string,
  input: CompleteRunInput,
): Promise<Run> {
  const owned = await getOwnedRun(ctx, ownerId, resultId);
  if (owned.result.endTime) return toRun(ctx, owned);
  if (owned.result.abandonedAt) {
    throw new AppError('CONFLICT', RUN_ABANDONED);
  }

  const stored = await ctx.db
    .select(SCORED_TRIAL_COLUMNS)
    .from(trials)
    .where(eq(trials.resultId, resultId));
  const { task, config } = owned;
  const next = findFirstUnsaved(
    task,
    config,
    stored.map((row) => toSavedTrial(task, row)),
  );
  if (next) {
    const { trialNumber, phase, block } = next;
    const saved = stored.length;
    throw new AppError(
      'CONFLICT',
      block === 0
        ? { ...TEXTS.notFinished, values: { saved, trialNumber, phase } }
        : { ...TEXTS.blockNotFinished, values: { saved, trialNumber, phase, block } },
    );
  }
  const score = scoreStoredTrials(task, config, stored);
  const finished = await ctx.db.transaction(async (tx) => {
    const [written] = await tx
      .update(testResults)
      .set({
        endTime: ctx.now(),
        ...toSummaryColumns(task, score),
        implausibleReason: task.runImplausibility(
          config,
          owned.result.startTime,
          stored.map((row) => toArrivedTrial(task, row)),
        ),
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
    if (written) await recordScore(tx, task, resultId, score);
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
  return toRun(ctx, await getOwnedRun(ctx, ownerId, resultId));
}
