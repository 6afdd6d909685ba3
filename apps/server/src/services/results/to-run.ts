import type { AnyTask, Run, RunSummary, SavedTrial, TestType } from '@cogni/domain';
import { and, eq } from 'drizzle-orm';
import { testResults, testSessions, trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { taskOfRun } from './run-facts';
import { compareRunOrder } from './to-trial';

type ResultRow = typeof testResults.$inferSelect;
type SessionRow = typeof testSessions.$inferSelect;

export type OwnedRun = {
  result: ResultRow;
  session: SessionRow;
  task: AnyTask;
  config: unknown;
  seed: string;
};

/** A run's settings as stored; runs from before settings were stored used the defaults. */
export function readConfig(task: AnyTask, session: SessionRow): unknown {
  const parsed = task.settings.schema.safeParse(session.config ?? {});
  return parsed.success ? parsed.data : task.settings.defaults;
}

/**
 * The result `resultId` with its session, if `userId` owns it. Someone else's result is "not
 * found", so ids cannot be probed (D3).
 */
export async function getOwnedRun(
  ctx: ServiceContext,
  userId: string,
  resultId: string,
): Promise<OwnedRun> {
  const [row] = await ctx.db
    .select({ result: testResults, session: testSessions })
    .from(testResults)
    .innerJoin(testSessions, eq(testSessions.id, testResults.sessionId))
    .where(and(eq(testResults.id, resultId), eq(testResults.userId, userId)));
  if (!row?.session.seed) throw new AppError('NOT_FOUND', 'Result not found');
  const task = taskOfRun(row.result);
  return { ...row, task, config: readConfig(task, row.session), seed: row.session.seed };
}

/** The API view of a run, with the positions of its saved trials in run order. */
export async function toRun(ctx: ServiceContext, owned: OwnedRun): Promise<Run> {
  const saved = await ctx.db
    .select({
      phase: trials.phase,
      block: trials.block,
      trialNumber: trials.trialNumber,
      isCorrect: trials.isCorrect,
    })
    .from(trials)
    .where(eq(trials.resultId, owned.result.id));
  return toRunView(owned, saved);
}

/** The API view of a run whose saved trials the caller already holds (any order). */
export function toRunView(owned: OwnedRun, saved: readonly SavedTrial[]): Run {
  const { result } = owned;
  return {
    id: result.id,
    sessionId: owned.session.id,
    testType: result.testType as TestType,
    startTime: result.startTime.toISOString(),
    endTime: result.endTime?.toISOString() ?? null,
    seed: owned.seed,
    config: owned.config as Record<string, unknown>,
    isPreview: result.isPreview,
    savedTrials: saved
      .map(({ phase, block, trialNumber, isCorrect }) => ({ phase, block, trialNumber, isCorrect }))
      .sort(compareRunOrder(owned.task)),
    summary: toSummary(result),
  };
}

/** The stored scores of a finished result (D15, ADR 027); null while it is unfinished. */
export function toSummary(result: ResultRow): RunSummary | null {
  if (!result.endTime || result.overallScore === null) return null;
  return {
    overallScore: result.overallScore,
    totalTrials: result.totalTrials ?? 0,
    correctTrials: result.correctTrials ?? 0,
    averageReactionTime: result.averageReactionTime,
    scoringVersion: result.scoringVersion ?? 1,
    scores: result.scores,
  };
}
