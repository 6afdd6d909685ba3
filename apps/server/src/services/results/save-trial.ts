import { findTrialProblems, planPhase, type TrialInput } from '@cogni/domain';
import { and, eq } from 'drizzle-orm';
import { trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { getOwnedRun } from './to-run';

type TrialRow = typeof trials.$inferSelect;

function isSameTrial(row: TrialRow, input: TrialInput): boolean {
  const timing = row.timing as Record<string, unknown> | null;
  return (
    row.cueWord === input.cueWord &&
    row.stimulusWord === input.stimulusWord &&
    row.stimulusColor === input.stimulusColor &&
    row.response === input.response &&
    row.reactionTime === input.reactionTime &&
    row.isCorrect === input.isCorrect &&
    row.isSwitch === input.isSwitch &&
    row.startTime?.getTime() === Date.parse(input.startTime) &&
    row.endTime?.getTime() === Date.parse(input.endTime) &&
    timing !== null &&
    Object.entries(input.timing).every(([key, value]) => timing[key] === value)
  );
}

export type SaveTrialOutcome = 'created' | 'duplicate';

/**
 * Stores one trial of the user's own, unfinished run after checking it against the run's seeded
 * plan (D14). Saving the same trial again is harmless ('duplicate', no second row); a different
 * trial at a position already taken is a 409. Only the committed row counts as saved.
 */
export async function saveTrial(
  ctx: ServiceContext,
  userId: string,
  resultId: string,
  input: TrialInput,
): Promise<SaveTrialOutcome> {
  const owned = await getOwnedRun(ctx, userId, resultId);
  const problems = findTrialProblems(
    input,
    planPhase(owned.seed, input.phase, owned.config),
    owned.config,
  );
  if (problems.length > 0) {
    throw new AppError('BAD_REQUEST', `Invalid trial: ${problems.join('; ')}`);
  }
  const [inserted] = owned.result.endTime
    ? []
    : await ctx.db
        .insert(trials)
        .values({
          resultId,
          phase: input.phase,
          trialNumber: input.trialNumber,
          cueWord: input.cueWord,
          stimulusWord: input.stimulusWord,
          stimulusColor: input.stimulusColor,
          response: input.response,
          reactionTime: input.reactionTime,
          isCorrect: input.isCorrect,
          isSwitch: input.isSwitch,
          isCongruent: false,
          startTime: new Date(input.startTime),
          endTime: new Date(input.endTime),
          timing: input.timing,
        })
        .onConflictDoNothing({ target: [trials.resultId, trials.phase, trials.trialNumber] })
        .returning({ id: trials.id });
  if (inserted) return 'created';

  const [existing] = await ctx.db
    .select()
    .from(trials)
    .where(
      and(
        eq(trials.resultId, resultId),
        eq(trials.phase, input.phase),
        eq(trials.trialNumber, input.trialNumber),
      ),
    );
  if (existing && isSameTrial(existing, input)) return 'duplicate';
  if (!existing) throw new AppError('CONFLICT', 'This test is already complete');
  throw new AppError(
    'CONFLICT',
    `Trial ${input.trialNumber} of the ${input.phase} phase is already saved with different content`,
  );
}
