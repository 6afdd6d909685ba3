import {
  type AnyTask,
  type ArrivedTrial,
  isLanguage,
  pickFields,
  type Run,
  type RunSummary,
  type SavedTrial,
  SOURCE_LANGUAGE,
  type TestType,
  type Text,
} from '@cogni/domain';
import { and, eq } from 'drizzle-orm';
import { testResults, testSessions, trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { RESULT_NOT_FOUND } from '../../lib/parse-id';
import type { ServiceContext } from '../context';
import { taskOfRun } from './run-facts';
import { compareRunOrder } from './to-trial';

/** The 409 of a trial or a completion for a run left unfinished for more than a day. */
export const RUN_ABANDONED: Text = /*i18n*/ {
  id: 'errors.runAbandoned',
  message: 'This test was abandoned: it was left unfinished for more than a day. Start a new test.',
};

type ResultRow = typeof testResults.$inferSelect;
type SessionRow = typeof testSessions.$inferSelect;

export type OwnedRun = {
  result: ResultRow;
  session: SessionRow;
  task: AnyTask;
  config: unknown;
  seed: string;
};

/**
 * A run's settings as stored; runs from before settings were stored used the defaults. A setting
 * added since a run was stored reads as the task's storedConfigDefaults say (the procedure the
 * run had), else as its default.
 */
export function readConfig(task: AnyTask, session: Pick<SessionRow, 'config'>): unknown {
  const stored = session.config ?? {};
  const parsed = task.settings.schema.safeParse(
    task.storedConfigDefaults && typeof stored === 'object' && !Array.isArray(stored)
      ? { ...task.storedConfigDefaults, ...stored }
      : stored,
  );
  return parsed.success ? parsed.data : task.settings.defaults;
}

/**
 * The result `resultId` with its session, if `ownerId` (a user's or a study participant's id)
 * owns it. Someone else's result is "not found", so ids cannot be probed
 * (docs/product.md#roles-and-permissions).
 */
export async function getOwnedRun(
  ctx: ServiceContext,
  ownerId: string,
  resultId: string,
): Promise<OwnedRun> {
  const [row] = await ctx.db
    .select({ result: testResults, session: testSessions })
    .from(testResults)
    .innerJoin(testSessions, eq(testSessions.id, testResults.sessionId))
    .where(and(eq(testResults.id, resultId), eq(testResults.ownerId, ownerId)));
  if (!row?.session.seed) throw new AppError('NOT_FOUND', RESULT_NOT_FOUND);
  const task = taskOfRun(row.result);
  return { ...row, task, config: readConfig(task, row.session), seed: row.session.seed };
}

/** A stored trial's row as the run order reads it: its position, correctness and fields. */
type SavedRow = Omit<SavedTrial, 'fields'> & { fields?: unknown };

/**
 * The API view of a run, with the positions of its saved trials in run order (and the fields the
 * task's run order reads, for a task that names them: `runOrderFields`).
 */
export async function toRun(ctx: ServiceContext, owned: OwnedRun): Promise<Run> {
  const position = {
    phase: trials.phase,
    block: trials.block,
    trialNumber: trials.trialNumber,
    isCorrect: trials.isCorrect,
  };
  const saved = await ctx.db
    .select(owned.task.runOrderFields ? { ...position, fields: trials.fields } : position)
    .from(trials)
    .where(eq(trials.resultId, owned.result.id));
  return toRunView(owned, saved);
}

/**
 * A stored trial as the task's run order reads it (a SavedTrial): its position and correctness,
 * and of its stored fields those the task's run order names.
 */
export function toSavedTrial(task: Pick<AnyTask, 'runOrderFields'>, row: SavedRow): SavedTrial {
  const { phase, block, trialNumber, isCorrect } = row;
  const fields = runOrderFieldsOf(task, row.fields);
  return fields
    ? { phase, block, trialNumber, isCorrect, fields }
    : { phase, block, trialNumber, isCorrect };
}

/**
 * A stored trial as the task's run check reads it (an ArrivedTrial): its position, device times
 * and arrival, and of its stored fields those the task's run order names.
 */
export function toArrivedTrial(
  task: Pick<AnyTask, 'runOrderFields'>,
  row: Omit<ArrivedTrial, 'fields'> & { fields?: unknown },
): ArrivedTrial {
  const { phase, block, trialNumber, startTime, endTime, arrivedAt } = row;
  const fields = runOrderFieldsOf(task, row.fields);
  const arrived = { phase, block, trialNumber, startTime, endTime, arrivedAt };
  return fields ? { ...arrived, fields } : arrived;
}

/** Of a stored trial's fields (`trials.fields`), those the task's run order names; undefined without any. */
function runOrderFieldsOf(
  task: Pick<AnyTask, 'runOrderFields'>,
  stored: unknown,
): Record<string, unknown> | undefined {
  const keys = task.runOrderFields;
  if (!keys) return undefined;
  return pickFields((stored ?? {}) as Readonly<Record<string, unknown>>, keys);
}

/** The API view of a run whose saved trials the caller already holds (any order). */
export function toRunView(owned: OwnedRun, saved: readonly SavedRow[]): Run {
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
    language: isLanguage(result.language) ? result.language : SOURCE_LANGUAGE,
    savedTrials: saved
      .map((row) => toSavedTrial(owned.task, row))
      .sort(compareRunOrder(owned.task)),
    summary: toSummary(result),
  };
}

/** The stored scores of a finished result (ADR 027); null while it is unfinished. */
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
