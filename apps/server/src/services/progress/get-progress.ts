import {
  findTask,
  PROGRESS_HISTORY_LIMIT,
  PROGRESS_RESULTS_LIMIT,
  type ProgressResponse,
  type ProgressTrialsResponse,
  type TestType,
} from '@cogni/domain';
import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import { testResults, trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { RESULT_NOT_FOUND } from '../../lib/parse-id';
import type { ServiceContext } from '../context';
import { toSummary } from '../results/to-run';
import { compareRunOrder, RESULT_TRIAL_COLUMNS, toResultTrial } from '../results/to-trial';

/**
 * The user's finished runs that progress shows: not those the server judged implausible (their
 * trials arrived faster than a person can take them), whose scores say nothing about the person,
 * nor an admin's previews (ADR 028), which ran with a configuration of their own.
 */
const isOwnFinished = (userId: string) =>
  and(
    eq(testResults.userId, userId),
    isNotNull(testResults.endTime),
    isNull(testResults.implausibleReason),
    eq(testResults.isPreview, false),
  );

/**
 * The user's progress: their most recent finished results with their scores, and the scores of
 * all their finished results for the trend. Two queries whatever the number of results. The
 * trials of a result are read only when it is opened (getProgressTrials, ADR 021).
 */
export async function getProgress(ctx: ServiceContext, userId: string): Promise<ProgressResponse> {
  const [recent, history] = await Promise.all([
    ctx.db
      .select()
      .from(testResults)
      .where(isOwnFinished(userId))
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
        scores: testResults.scores,
        scoringVersion: testResults.scoringVersion,
      })
      .from(testResults)
      .where(and(isOwnFinished(userId), isNotNull(testResults.overallScore)))
      .orderBy(desc(testResults.startTime), desc(testResults.id))
      .limit(PROGRESS_HISTORY_LIMIT),
  ]);

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
      };
    }),
    history: history.reverse().map((point) => ({
      id: point.id,
      testType: point.testType as TestType,
      startTime: point.startTime.toISOString(),
      overallScore: point.overallScore ?? 0,
      averageReactionTime: point.averageReactionTime,
      isMock: point.isMock,
      measures: readTrendMeasures(point),
    })),
    trendMeasures: describeTrendMeasures(new Set(history.map((point) => point.testType))),
  };
}

/**
 * A run's trend measures, by key, read from its scores. Scores of an older scoring version
 * (awaiting their rescore) have another shape: their measures are null until rescored.
 */
function readTrendMeasures(point: {
  testType: string;
  scores: unknown;
  scoringVersion: number | null;
}): Record<string, number | null> {
  const task = findTask(point.testType);
  const measures = task?.trendMeasures ?? [];
  const isCurrent = point.scores !== null && point.scoringVersion === task?.scoringVersion;
  return Object.fromEntries(
    measures.map((measure) => [
      measure.key,
      isCurrent ? finiteOrNull(measure.value(point.scores)) : null,
    ]),
  );
}

const finiteOrNull = (value: number | null) =>
  value !== null && Number.isFinite(value) ? value : null;

/** The trend measures' descriptions of each of `testTypes` that has any. */
function describeTrendMeasures(testTypes: ReadonlySet<string>) {
  return Object.fromEntries(
    [...testTypes].flatMap((testType) => {
      const measures = findTask(testType)?.trendMeasures ?? [];
      return measures.length === 0
        ? []
        : [
            [
              testType,
              measures.map(({ key, label, axisLabel, format, better }) => ({
                key,
                label,
                axisLabel,
                format,
                better,
              })),
            ],
          ];
    }),
  );
}

/**
 * Every trial of one of the user's finished results, in run order: what its row in progress
 * tracking shows when opened. Anyone else's result, or an unfinished one, is "not found"
 * (docs/product.md#roles-and-permissions). One query: the trials joined to their result, which must
 * be the user's; only when that finds nothing does a second query tell an empty result from one
 * that is not theirs.
 */
export async function getProgressTrials(
  ctx: ServiceContext,
  userId: string,
  resultId: string,
): Promise<ProgressTrialsResponse> {
  const isTheirs = and(eq(testResults.id, resultId), isOwnFinished(userId));
  const rows = await ctx.db
    .select({ ...RESULT_TRIAL_COLUMNS, testType: testResults.testType })
    .from(trials)
    .innerJoin(testResults, eq(testResults.id, trials.resultId))
    .where(and(eq(trials.resultId, resultId), isTheirs));
  if (rows.length === 0) {
    const [result] = await ctx.db.select({ id: testResults.id }).from(testResults).where(isTheirs);
    if (!result) throw new AppError('NOT_FOUND', RESULT_NOT_FOUND);
  }
  return {
    trials: rows.sort(compareRunOrder(rows[0]?.testType ?? '')).map(toResultTrial),
  };
}
