import {
  findEarlyArrival,
  findTrialProblems,
  getTrialFlags,
  type PlannedTrial,
  planPhase,
  type TrialFlag,
  type TrialInput,
} from '@cogni/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { testResults, trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { BATCHING, createBatcher } from '../../lib/batch';
import type { ServiceContext } from '../context';
import { getPlannedTrial, type RunFacts, recallRun, rememberRun } from './run-facts';
import { getOwnedRun } from './to-run';

type TrialRow = typeof trials.$inferSelect;

/** Whether the stored row is this trial (a replay): every field the browser sends is equal. */
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
 * Marks the run implausible the moment one of its trials arrives sooner after the run's start
 * than a person could have answered it (findEarlyArrival), so a forged run is left out of
 * reports and exports even if it is never completed. Genuine trials never trip it, so the hot
 * path pays one subtraction; the update runs once per forged run.
 */
async function markIfEarly(
  ctx: ServiceContext,
  resultId: string,
  run: Pick<RunFacts, 'config' | 'startedAt'>,
  input: TrialInput,
  arrivedAt: Date,
): Promise<void> {
  const elapsedMs = arrivedAt.getTime() - run.startedAt.getTime();
  const reason = findEarlyArrival(run.config, input.phase, input.trialNumber, elapsedMs);
  if (reason === null) return;
  await ctx.db
    .update(testResults)
    .set({ implausibleReason: reason })
    .where(and(eq(testResults.id, resultId), isNull(testResults.implausibleReason)));
}

/** Whether the trial is the run's planned one, answered consistently (the full path's 400s). */
function isTrialOfPlan(input: TrialInput, run: RunFacts): boolean {
  const planned = getPlannedTrial(run, input.phase, input.trialNumber);
  if (!planned) return false;
  // findTrialProblems reads only the plan's entry at the trial's number.
  const plan: PlannedTrial[] = [];
  plan[input.trialNumber] = planned;
  return findTrialProblems(input, plan, run.config).length === 0;
}

type PendingTrial = {
  userId: string;
  resultId: string;
  input: TrialInput;
  /** When the save reached the server, by its clock: the trial's createdAt. */
  arrivedAt: Date;
  flags: TrialFlag[];
};

/**
 * Inserts the trials of many saves in one statement (one round trip and one commit), each only
 * if its run is its user's, unfinished and not abandoned; answers the key of each row written.
 *
 * The owner check is a scalar subquery, not a join: the planner cannot see how many rows the
 * JSON holds and guesses 100, so as a join it hashed a sequential scan of every run for each
 * batch (the biggest share of PostgreSQL's CPU under bench:load). A subquery in WHERE is never
 * turned into a join; it looks up each row's run by its primary key.
 */
export const INSERT_IF_OWNED_AND_OPEN = `
  insert into trials (result_id, phase, trial_number, cue_word, stimulus_word, stimulus_color,
    response, reaction_time, is_correct, is_switch, is_congruent, start_time, end_time, timing,
    flags, created_at)
  select t.result_id, t.phase, t.trial_number, t.cue_word, t.stimulus_word, t.stimulus_color,
    t.response, t.reaction_time, t.is_correct, t.is_switch, false, t.start_time, t.end_time,
    t.timing, t.flags, t.created_at
  from jsonb_to_recordset($1::jsonb) as t(result_id text, user_id text, phase text,
    trial_number int, cue_word text, stimulus_word text, stimulus_color text, response text,
    reaction_time float8, is_correct boolean, is_switch boolean, start_time timestamptz,
    end_time timestamptz, timing jsonb, flags text[], created_at timestamptz)
  where (select r.user_id = t.user_id and r.end_time is null and r.abandoned_at is null
         from test_results r where r.id = t.result_id)
  on conflict (result_id, phase, trial_number) do nothing
  returning result_id, phase, trial_number`;

const trialKey = (resultId: string, phase: string, trialNumber: number) =>
  `${resultId}/${phase}/${trialNumber}`;

/**
 * One statement for a batch: true for each trial it wrote. A trial whose place another in the
 * same batch takes is not sent (false: the full path decides between duplicate and conflict).
 * JSON keeps every number exact: PostgreSQL reads the reaction time with float8's own input,
 * from the shortest text that names the same double.
 */
async function insertBatch(db: Db, batch: PendingTrial[]): Promise<boolean[]> {
  const keys = batch.map(({ resultId, input }) =>
    trialKey(resultId, input.phase, input.trialNumber),
  );
  const isSent = keys.map((key, i) => keys.indexOf(key) === i);
  const rows = batch
    .filter((_, i) => isSent[i])
    .map(({ userId, resultId, input, arrivedAt, flags }) => ({
      result_id: resultId,
      user_id: userId,
      phase: input.phase,
      trial_number: input.trialNumber,
      cue_word: input.cueWord,
      stimulus_word: input.stimulusWord,
      stimulus_color: input.stimulusColor,
      response: input.response,
      reaction_time: input.reactionTime,
      is_correct: input.isCorrect,
      is_switch: input.isSwitch,
      start_time: new Date(input.startTime).toISOString(),
      end_time: new Date(input.endTime).toISOString(),
      timing: input.timing,
      // A JSON array of text is read as text[] by jsonb_to_recordset.
      flags,
      created_at: arrivedAt.toISOString(),
    }));
  const written = await queryRows<{ result_id: string; phase: string; trial_number: number }>(db, {
    name: 'insert_trials_if_owned_and_open',
    text: INSERT_IF_OWNED_AND_OPEN,
    values: [JSON.stringify(rows)],
  });
  const writtenKeys = new Set(written.map((r) => trialKey(r.result_id, r.phase, r.trial_number)));
  return keys.map((key, i) => isSent[i] === true && writtenKeys.has(key));
}

const trialInserters = new WeakMap<Db, (trial: PendingTrial) => Promise<boolean>>();

/**
 * Inserts the trial, with those of other saves arriving at the same time (lib/batch.ts), if the
 * run is the user's and unfinished; true when its row was committed. No answer of its own: a
 * trial not written, or a batch that failed (one bad row fails its batch), goes the full path,
 * which gives every answer.
 */
async function insertIfOwnedAndOpen(ctx: ServiceContext, trial: PendingTrial): Promise<boolean> {
  let insert = trialInserters.get(ctx.db);
  if (!insert) {
    const db = ctx.db;
    insert = createBatcher((batch: PendingTrial[]) => insertBatch(db, batch), BATCHING);
    trialInserters.set(db, insert);
  }
  try {
    return await insert(trial);
  } catch {
    return false;
  }
}

/**
 * Stores one trial of the user's own, unfinished run after checking it against the run's seeded
 * plan and its own timing record (D14), with its flags (an anticipation is kept, flagged) and its
 * arrival by the server's clock. Saving the same trial again is harmless ('duplicate', no second
 * row); a different trial at a position already taken, or any trial of a finished or abandoned
 * run, is a 409. Only the committed row counts as saved.
 */
export async function saveTrial(
  ctx: ServiceContext,
  userId: string,
  resultId: string,
  input: TrialInput,
): Promise<SaveTrialOutcome> {
  // The hot path, one statement: the run's seed and settings are known from an earlier save, so
  // the trial is checked against the plan first; the insert itself checks owner, end and
  // abandonment.
  const arrivedAt = ctx.now();
  const known = recallRun(resultId);
  if (known && isTrialOfPlan(input, known)) {
    const flags = getTrialFlags(input, known.config);
    if (await insertIfOwnedAndOpen(ctx, { userId, resultId, input, arrivedAt, flags })) {
      await markIfEarly(ctx, resultId, known, input, arrivedAt);
      return 'created';
    }
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
  const [inserted] =
    owned.result.endTime || owned.result.abandonedAt
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
            flags: getTrialFlags(input, owned.config),
            createdAt: arrivedAt,
          })
          .onConflictDoNothing({ target: [trials.resultId, trials.phase, trials.trialNumber] })
          .returning({ id: trials.id });
  if (inserted) {
    const run = { config: owned.config, startedAt: owned.result.startTime };
    await markIfEarly(ctx, resultId, run, input, arrivedAt);
    return 'created';
  }

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
  if (!existing && owned.result.abandonedAt) {
    throw new AppError(
      'CONFLICT',
      'This test was abandoned: it was left unfinished for more than a day. Start a new test.',
    );
  }
  if (!existing) throw new AppError('CONFLICT', 'This test is already complete');
  throw new AppError(
    'CONFLICT',
    `Trial ${input.trialNumber} of the ${input.phase} phase is already saved with different content`,
  );
}
