import {
  DEFAULT_STROOP_CONFIG,
  type Phase,
  type Run,
  type RunSummary,
  type StroopConfig,
  StroopConfigSchema,
  type StroopMetrics,
  type TestType,
} from '@cogni/domain';
import { and, asc, eq } from 'drizzle-orm';
import { testResults, testSessions, trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { compareRunOrder } from './to-trial';

type ResultRow = typeof testResults.$inferSelect;
type SessionRow = typeof testSessions.$inferSelect;

export type OwnedRun = {
  result: ResultRow;
  session: SessionRow;
  config: StroopConfig;
  seed: string;
};

/** A run's settings as stored; runs from before settings were stored used the defaults. */
export function readConfig(session: SessionRow): StroopConfig {
  const parsed = StroopConfigSchema.safeParse(session.config ?? {});
  return parsed.success ? parsed.data : DEFAULT_STROOP_CONFIG;
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
  return { ...row, config: readConfig(row.session), seed: row.session.seed };
}

/** The API view of a run, with the positions of its saved trials in run order. */
export async function toRun(ctx: ServiceContext, owned: OwnedRun): Promise<Run> {
  const saved = await ctx.db
    .select({ phase: trials.phase, trialNumber: trials.trialNumber })
    .from(trials)
    .where(eq(trials.resultId, owned.result.id))
    .orderBy(asc(trials.trialNumber));
  return toRunView(owned, saved);
}

/** The API view of a run whose saved trials the caller already holds (any order). */
export function toRunView(
  owned: OwnedRun,
  saved: readonly { phase: Phase; trialNumber: number }[],
): Run {
  const { result } = owned;
  return {
    id: result.id,
    sessionId: owned.session.id,
    testType: result.testType as TestType,
    startTime: result.startTime.toISOString(),
    endTime: result.endTime?.toISOString() ?? null,
    seed: owned.seed,
    config: owned.config,
    savedTrials: saved
      .map(({ phase, trialNumber }) => ({ phase, trialNumber }))
      .sort(compareRunOrder),
    summary: toSummary(result),
  };
}

/** The stored scores of a finished result (D15, D16); null while it is unfinished. */
export function toSummary(result: ResultRow): RunSummary | null {
  if (!result.endTime || result.overallScore === null) return null;
  return {
    overallScore: result.overallScore,
    totalTrials: result.totalTrials ?? 0,
    correctTrials: result.correctTrials ?? 0,
    averageReactionTime: result.averageReactionTime,
    colorNamingAccuracy: result.colorNamingAccuracy,
    wordReadingAccuracy: result.wordReadingAccuracy,
    interferenceEffect: result.interferenceEffect,
    metrics: result.metrics as StroopMetrics,
  };
}
