import { findTrialProblems, type PlannedTrial, planPhase, type TrialInput } from '@cogni/domain';
import { and, eq, sql } from 'drizzle-orm';
import { trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { getPlannedTrial, type RunFacts, recallRun, rememberRun } from './run-facts';
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

/** Whether the trial is the run's planned one, answered consistently (the full path's 400s). */
function isTrialOfPlan(input: TrialInput, run: RunFacts): boolean {
  const planned = getPlannedTrial(run, input.phase, input.trialNumber);
  if (!planned) return false;
  // findTrialProblems reads only the plan's entry at the trial's number.
  const plan: PlannedTrial[] = [];
  plan[input.trialNumber] = planned;
  return findTrialProblems(input, plan, run.config).length === 0;
}

/**
 * Inserts the trial in one statement if the run is the user's and unfinished; true when a row
 * was written. No answer of its own: anything else is for the full path to explain.
 */
async function insertIfOwnedAndOpen(
  ctx: ServiceContext,
  userId: string,
  resultId: string,
  input: TrialInput,
): Promise<boolean> {
  const result = await ctx.db.execute(sql`
    insert into trials (result_id, phase, trial_number, cue_word, stimulus_word, stimulus_color,
      response, reaction_time, is_correct, is_switch, is_congruent, start_time, end_time, timing)
    select r.id, ${input.phase}::text, ${input.trialNumber}::int, ${input.cueWord}::text,
      ${input.stimulusWord}::text, ${input.stimulusColor}::text, ${input.response}::text,
      ${input.reactionTime}::float8, ${input.isCorrect}::boolean, ${input.isSwitch}::boolean, false,
      ${new Date(input.startTime).toISOString()}::timestamptz,
      ${new Date(input.endTime).toISOString()}::timestamptz, ${JSON.stringify(input.timing)}::jsonb
    from test_results r
    where r.id = ${resultId} and r.user_id = ${userId} and r.end_time is null
    on conflict (result_id, phase, trial_number) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length === 1;
}

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
  // The hot path, one statement: the run's seed and settings are known from an earlier save, so
  // the trial is checked against the plan first; the insert itself checks owner and end.
  const known = recallRun(resultId);
  if (known && isTrialOfPlan(input, known)) {
    if (await insertIfOwnedAndOpen(ctx, userId, resultId, input)) return 'created';
  }
  // The full path (a run's first save here, a replay, anything refused), which gives every
  // answer: someone else's run is 'not found' before the trial is judged.
  const owned = await getOwnedRun(ctx, userId, resultId);
  rememberRun(resultId, owned);
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
