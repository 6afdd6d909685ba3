import type { AnyTask, RunScore } from '@cogni/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resultScores, trials } from '../../db/schema';

/** A run's scores as the test_results columns that store them (ADR 027). */
export function toSummaryColumns(task: AnyTask, score: RunScore<unknown>) {
  return {
    overallScore: score.overallScore,
    totalTrials: score.totalTrials,
    correctTrials: score.correctTrials,
    averageReactionTime: score.averageReactionTime,
    scores: score.scores,
    scoringVersion: task.scoringVersion,
    reportCells: score.reportCells,
  };
}

/**
 * What goes beside a result's columns when it is scored (ADR 029), inside the caller's
 * transaction: this version's row of the result's score history (replaced if the same version
 * scored it before), and each scored trial's exclusions (every other trial's cleared).
 */
export async function recordScore(
  tx: Db,
  task: AnyTask,
  resultId: string,
  score: RunScore<unknown>,
): Promise<void> {
  const { scoringVersion, reportCells, ...columns } = toSummaryColumns(task, score);
  await tx
    .insert(resultScores)
    .values({ resultId, scoringVersion, reportCells, ...columns })
    .onConflictDoUpdate({
      target: [resultScores.resultId, resultScores.scoringVersion],
      set: { ...columns, reportCells, scoredAt: sql`now()` },
    });
  // A rescore replaces every trial's exclusions: a trial this version does not score (or no
  // longer leaves out) keeps none of an earlier version's.
  await tx
    .update(trials)
    .set({ exclusions: null })
    .where(and(eq(trials.resultId, resultId), isNotNull(trials.exclusions)));
  if (score.trialExclusions.length === 0) return;
  const rows = score.trialExclusions.map((t) => ({
    phase: t.phase,
    block: t.block,
    trial_number: t.trialNumber,
    // A JSON array of text is read as text[] by jsonb_to_recordset.
    exclusions: t.exclusions,
  }));
  await tx.execute(sql`
    update trials set exclusions = t.exclusions
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as t(phase text, block int, trial_number int, exclusions text[])
    where trials.result_id = ${resultId} and trials.phase = t.phase
      and trials.block = t.block and trials.trial_number = t.trial_number`);
}
