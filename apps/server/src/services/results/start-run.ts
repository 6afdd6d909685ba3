import { randomBytes } from 'node:crypto';
import {
  type AnyTask,
  getTask,
  type Run,
  SOURCE_LANGUAGE,
  type StartRunInput,
  type Text,
} from '@cogni/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { testResults, testSessions } from '../../db/schema';
import type { Config } from '../../env';
import { parseInput } from '../../lib/parse-input';
import type { ServiceContext } from '../context';
import { countAttemptBefore, type Limit } from '../rate-limit/rate-limit';
import { isAbandonable } from './close-abandoned-runs';
import { rememberRun } from './run-facts';
import { toRunView } from './to-run';

const RUN_STARTS_LOCKOUT: Text = /*i18n*/ {
  id: 'errors.runStartsLockout',
  message:
    'You have started too many tests in the last hour. Try again in {minutes, plural, one {# minute} other {# minutes}}.',
};

/** Runs a user may start per hour (RATE_LIMIT_RUN_STARTS_PER_USER), counted per user id. */
export function getRunStartLimit(config: Config): Limit {
  return {
    name: 'run-start-user',
    max: config.RATE_LIMIT_RUN_STARTS_PER_USER,
    windowMs: 60 * 60_000,
  };
}

/**
 * The settings a run uses: the task's defaults, or an admin preview's custom configuration
 * (ADR 028) validated by the task's settings schema (strict, within each setting's bounds, and
 * the task's cross-field checks), its missing settings filled with their defaults. A problem is
 * a 400 naming each setting as `config.<setting>`, before anything is counted or stored.
 */
export function resolveRunConfig(task: AnyTask, config: StartRunInput['config']): unknown {
  if (config === undefined) return task.settings.defaults;
  return parseInput({ config }, z.strictObject({ config: task.settings.schema })).config;
}

/**
 * Whom a new run belongs to: a user, or a study's participant taking one of its task steps
 * (ADR 040).
 */
export type RunOwner = { userId: string } | { participantId: string; studyStep: number };

/** The owner's columns of test_sessions and test_results, and its id (`owner_id`). */
function ownerColumns(owner: RunOwner) {
  return 'userId' in owner
    ? { id: owner.userId, session: { userId: owner.userId }, result: { userId: owner.userId } }
    : {
        id: owner.participantId,
        session: { participantId: owner.participantId },
        result: { participantId: owner.participantId, studyStep: owner.studyStep },
      };
}

/**
 * 'Ready ... Set ... Go!': a new session (with deviceInfo, the measurement record and a fresh seed)
 * and a new result owned by the user (or the participant), in one transaction (docs/product.md#what-a-run-is), which
 * also closes the user's runs left unfinished for more than a day (close-abandoned-runs.ts). At
 * most `limit.max` starts per user and window: past that, 429. With `input.config` the run is an
 * admin preview (ADR 028; the route lets only admins send it): it runs with those settings and is
 * marked `isPreview`, which keeps it out of reports, progress and the active-run resume.
 */
export async function startRun(
  ctx: ServiceContext,
  owner: RunOwner,
  input: StartRunInput,
  limit: Limit,
): Promise<Run> {
  const columns = ownerColumns(owner);
  const task = getTask(input.testType);
  const config = resolveRunConfig(task, input.config);
  // A study step's run carries its step's settings and is the participant's data, not a preview.
  const isPreview = 'userId' in owner && input.config !== undefined;
  await countAttemptBefore(ctx, limit, columns.id, RUN_STARTS_LOCKOUT);
  const now = ctx.now();
  const seed = randomBytes(16).toString('hex');
  const owned = await ctx.db.transaction(async (tx) => {
    await tx
      .update(testResults)
      .set({ abandonedAt: now })
      .where(and(eq(testResults.ownerId, columns.id), isAbandonable(now)));
    const [session] = await tx
      .insert(testSessions)
      .values({
        ...columns.session,
        testType: input.testType,
        startTime: now,
        deviceInfo: input.deviceInfo,
        measurement: input.measurement,
        seed,
        config,
      })
      .returning();
    if (!session) throw new Error('session insert returned nothing');
    const [result] = await tx
      .insert(testResults)
      .values({
        ...columns.result,
        sessionId: session.id,
        testType: input.testType,
        startTime: now,
        isPreview,
        language: input.language ?? SOURCE_LANGUAGE,
      })
      .returning();
    if (!result) throw new Error('result insert returned nothing');
    return { session, result, task, seed, config };
  });
  // Its first trial save can then take the batched hot path (save-trial.ts) instead of reading
  // the run back: when many people finish and start again at once, those first saves would
  // each take a query of their own and an unbatched insert.
  rememberRun(owned.result.id, owned);
  // A new run has no trials yet.
  return toRunView(owned, []);
}
