import {
  type AnyTask,
  positionOf,
  type Text,
  type TrialEnvelope,
  type TrialPosition,
} from '@cogni/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { testResults, trials } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { BATCHING, createBatcher } from '../../lib/batch';
import { parseInput } from '../../lib/parse-input';
import { isSameJson } from '../../lib/same-json';
import type { ServiceContext } from '../context';
import { getPlan, type RunFacts, recallRun, rememberRun } from './run-facts';
import { getOwnedRun, RUN_ABANDONED } from './to-run';
import { type TrialRowValues, toTrialRow } from './trial-row';

/** A trial whose position in the path and in the body differ. */
export const TRIAL_PATH_MISMATCH: Text = /*i18n*/ {
  id: 'errors.trialPathMismatch',
  message: 'The trial in the path does not match the body',
};

const TEXTS = {
  invalidTrial: /*i18n*/ { id: 'errors.invalidTrial', message: 'Invalid trial: {problems}' },
  runComplete: /*i18n*/ { id: 'errors.runComplete', message: 'This test is already complete' },
  trialDiffers: /*i18n*/ {
    id: 'errors.trialDiffers',
    message: 'Trial {trialNumber} of the {phase} phase is already saved with different content',
  },
  blockTrialDiffers: /*i18n*/ {
    id: 'errors.blockTrialDiffers',
    message:
      'Trial {trialNumber} of the {phase} phase (block {block}) is already saved with different content',
  },
} satisfies Record<string, Text>;

type TrialRow = typeof trials.$inferSelect;

/** A trial validated by its task's schema, with what the server adds before storing it. */
type CheckedTrial = {
  input: TrialEnvelope;
  position: TrialPosition;
  fields: Record<string, unknown>;
  reportCell: string | null;
  flags: string[];
};

/** Whether the stored row is the trial's (a replay): every field the browser sends is equal. */
function isSameTrial(stored: TrialRow, row: TrialRowValues): boolean {
  const timing = stored.timing as Record<string, unknown> | null;
  const sentTiming = row.timing;
  return (
    stored.response === row.response &&
    stored.reactionTime === row.reactionTime &&
    stored.isCorrect === row.isCorrect &&
    stored.inputModality === row.inputModality &&
    stored.startTime?.getTime() === row.startTime.getTime() &&
    (stored.endTime?.getTime() ?? null) === (row.endTime?.getTime() ?? null) &&
    isSameJson(stored.fields, row.fields) &&
    timing !== null &&
    sentTiming !== null &&
    Object.entries(sentTiming).every(([key, value]) => isSameJson(timing[key], value))
  );
}

/**
 * The trial in the body, validated by the run's task: its schema (a 400 naming each field), the
 * path that must name the same position, and what the server stores beside it.
 */
function readTrial(
  task: AnyTask,
  config: unknown,
  body: unknown,
  path: TrialPosition,
): CheckedTrial {
  const input = parseInput(body, task.trialSchema);
  const position = positionOf(input);
  if (
    position.phase !== path.phase ||
    position.block !== path.block ||
    position.trialNumber !== path.trialNumber
  ) {
    throw new AppError('BAD_REQUEST', TRIAL_PATH_MISMATCH);
  }
  return {
    input,
    position,
    fields: task.fieldsOf(input),
    reportCell: task.reportCell(input),
    flags: task.trialFlags(input, config),
  };
}

export type SaveTrialOutcome = 'created' | 'duplicate';

/**
 * Marks the run implausible the moment one of its trials arrives sooner after the run's start
 * than a person could have answered it (the task's earlyArrival), so a forged run is left out of
 * reports and exports even if it is never completed. Genuine trials never trip it, so the hot
 * path pays one subtraction; the update runs once per forged run.
 */
async function markIfEarly(
  ctx: ServiceContext,
  resultId: string,
  run: Pick<RunFacts, 'task' | 'config' | 'startedAt'>,
  position: TrialPosition,
  arrivedAt: Date,
): Promise<void> {
  const elapsedMs = arrivedAt.getTime() - run.startedAt.getTime();
  const reason = run.task.earlyArrival(run.config, position, elapsedMs);
  if (reason === null) return;
  await ctx.db
    .update(testResults)
    .set({ implausibleReason: reason })
    .where(and(eq(testResults.id, resultId), isNull(testResults.implausibleReason)));
}

type PendingTrial = {
  ownerId: string;
  resultId: string;
  trial: CheckedTrial;
  /** When the save reached the server, by its clock: the trial's createdAt. */
  arrivedAt: Date;
};

/**
 * Inserts the trials of many saves in one statement (one round trip and one commit), each only
 * if its run is its user's, unfinished and not abandoned; answers the key of each row written.
 *
 * The owner check is a scalar subquery, not a join: the planner cannot see how many rows the
 * JSON holds and guesses 100, so as a join it would hash a sequential scan of every run for each
 * batch, the largest cost of a save in PostgreSQL (ADR 017). A subquery in WHERE is never turned
 * into a join; it looks up each row's run by its primary key.
 *
 * The JSON holds the rows as toTrialRow makes them, with their owner's `ownerId` (a user's or a participant's id), so its keys are
 * the rows' property names (quoted: they are camelCase); dates are ISO 8601 text and a JSON array
 * of text is read as text[].
 */
export const INSERT_IF_OWNED_AND_OPEN = `
  insert into trials (result_id, phase, block, trial_number, response, reaction_time,
    is_correct, input_modality, report_cell, fields, start_time, end_time, timing, flags,
    created_at)
  select t."resultId", t.phase, t.block, t."trialNumber", t.response, t."reactionTime",
    t."isCorrect", t."inputModality", t."reportCell", t.fields, t."startTime", t."endTime",
    t.timing, t.flags, t."createdAt"
  from jsonb_to_recordset($1::jsonb) as t("resultId" text, "ownerId" text, phase text, block int,
    "trialNumber" int, response text, "reactionTime" float8, "isCorrect" boolean,
    "inputModality" text, "reportCell" text, fields jsonb, "startTime" timestamptz,
    "endTime" timestamptz, timing jsonb, flags text[], "createdAt" timestamptz)
  where (select r.owner_id = t."ownerId" and r.end_time is null and r.abandoned_at is null
         from test_results r where r.id = t."resultId")
  on conflict (result_id, phase, block, trial_number) do nothing
  returning result_id, phase, block, trial_number`;

const trialKey = (resultId: string, { phase, block, trialNumber }: TrialPosition) =>
  `${resultId}/${phase}/${block}/${trialNumber}`;

/**
 * One statement for a batch: true for each trial it wrote. A trial whose place another in the
 * same batch takes is not sent (false: the full path decides between duplicate and conflict).
 * JSON keeps every number exact: PostgreSQL reads the reaction time with float8's own input,
 * from the shortest text that names the same double.
 */
async function insertBatch(db: Db, batch: PendingTrial[]): Promise<boolean[]> {
  const keys = batch.map(({ resultId, trial }) => trialKey(resultId, trial.position));
  const isSent = keys.map((key, i) => keys.indexOf(key) === i);
  const rows = batch
    .filter((_, i) => isSent[i])
    .map(({ ownerId, resultId, trial, arrivedAt }) =>
      Object.assign(toTrialRow(resultId, trial.input, trial, arrivedAt), { ownerId }),
    );
  const written = await queryRows<{
    result_id: string;
    phase: string;
    block: number;
    trial_number: number;
  }>(db, {
    name: 'insert_trials_if_owned_and_open',
    text: INSERT_IF_OWNED_AND_OPEN,
    values: [JSON.stringify(rows)],
  });
  const writtenKeys = new Set(
    written.map((r) =>
      trialKey(r.result_id, { phase: r.phase, block: r.block, trialNumber: r.trial_number }),
    ),
  );
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
 * Stores one trial of the user's own, unfinished run after validating it with the run's task: its
 * schema, the path's position, the seeded plan and its own timing record
 * (docs/product.md#the-server-checks-every-trial), with its flags (an anticipation is kept,
 * flagged) and its arrival by the server's clock. Saving the same trial again is harmless
 * ('duplicate', no second row); a different trial at a position already taken, or any trial of a
 * finished or abandoned run, is a 409. Only the committed row counts as saved.
 */
export async function saveTrial(
  ctx: ServiceContext,
  ownerId: string,
  resultId: string,
  path: TrialPosition,
  body: unknown,
): Promise<SaveTrialOutcome> {
  // The hot path, one statement: the run's task, seed and settings are known from an earlier
  // save, so the trial is checked against the plan first; the insert itself checks owner, end
  // and abandonment. Only the owner's saves take it: anyone else's body is never read by the
  // run's task, so its answer cannot tell which task the run is (the full path answers 404).
  const arrivedAt = ctx.now();
  const known = recallRun(resultId);
  if (known && known.ownerId === ownerId) {
    const trial = readTrial(known.task, known.config, body, path);
    if (known.task.checkTrial(trial.input, getPlan(known), known.config).length === 0) {
      if (await insertIfOwnedAndOpen(ctx, { ownerId, resultId, trial, arrivedAt })) {
        await markIfEarly(ctx, resultId, known, trial.position, arrivedAt);
        return 'created';
      }
    }
  }
  // The full path (a run's first save here, a replay, anything refused), which gives every
  // answer: someone else's run is 'not found' before the trial is judged.
  const owned = await getOwnedRun(ctx, ownerId, resultId);
  rememberRun(resultId, owned);
  const facts = recallRun(resultId);
  const { task, config } = owned;
  const trial = readTrial(task, config, body, path);
  const problems = task.checkTrial(
    trial.input,
    facts ? getPlan(facts) : task.plan(owned.seed, config),
    config,
  );
  if (problems.length > 0) {
    throw new AppError('BAD_REQUEST', {
      ...TEXTS.invalidTrial,
      values: { problems: problems.join('; ') },
    });
  }
  const { position } = trial;
  const row = toTrialRow(resultId, trial.input, trial, arrivedAt);
  const [inserted] =
    owned.result.endTime || owned.result.abandonedAt
      ? []
      : await ctx.db
          .insert(trials)
          .values(row)
          .onConflictDoNothing({
            target: [trials.resultId, trials.phase, trials.block, trials.trialNumber],
          })
          .returning({ id: trials.id });
  if (inserted) {
    const run = { task, config, startedAt: owned.result.startTime };
    await markIfEarly(ctx, resultId, run, position, arrivedAt);
    return 'created';
  }

  const [existing] = await ctx.db
    .select()
    .from(trials)
    .where(
      and(
        eq(trials.resultId, resultId),
        eq(trials.phase, position.phase),
        eq(trials.block, position.block),
        eq(trials.trialNumber, position.trialNumber),
      ),
    );
  if (existing && isSameTrial(existing, row)) return 'duplicate';
  if (!existing && owned.result.abandonedAt) {
    throw new AppError('CONFLICT', RUN_ABANDONED);
  }
  if (!existing) throw new AppError('CONFLICT', TEXTS.runComplete);
  const { trialNumber, phase, block } = position;
  throw new AppError(
    'CONFLICT',
    block === 0
      ? { ...TEXTS.trialDiffers, values: { trialNumber, phase } }
      : { ...TEXTS.blockTrialDiffers, values: { trialNumber, phase, block } },
  );
}
