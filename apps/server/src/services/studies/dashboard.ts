import {
  PARTICIPANT_STATES,
  type ParticipantFlags,
  type ParticipantState,
  readStoredContent,
  type StudyDashboard,
  type StudyDashboardQuery,
  type StudyParticipantRow,
  type Text,
  type User,
} from '@cogni/domain';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  studyParticipantParams,
  studyParticipants,
  studyVersions,
  testResults,
  testSessions,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { ServiceContext } from '../context';
import { loadStudy } from './study-access';

export const PARTICIPANT_NOT_FOUND: Text = /*i18n*/ {
  id: 'errors.participantNotFound',
  message: 'Participant not found',
};

/** The participants who count: not previews (the researcher's run-throughs). */
const counted = (studyId: string) =>
  and(eq(studyParticipants.studyId, studyId), eq(studyParticipants.isPreview, false));

/**
 * The study's dashboard: counts by state, the funnel of steps reached and the median time of
 * each step, all computed by the database over the study's participants (trials are not read),
 * and one page of the participant table with the quality flags of that page's rows only.
 */
export async function getStudyDashboard(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  query: StudyDashboardQuery,
): Promise<StudyDashboard> {
  await loadStudy(ctx, user, studyId);
  const tableWhere = and(
    eq(studyParticipants.studyId, studyId),
    query.state ? eq(studyParticipants.state, query.state) : undefined,
  ) as SQL;
  const [{ steps, reordered }, groups, medians, [total], rows] = await Promise.all([
    newestSteps(ctx, studyId),
    ctx.db
      .select({
        state: studyParticipants.state,
        stepsDone: studyParticipants.stepsDone,
        excluded: studyParticipants.excluded,
        n: sql<number>`count(*)::int`,
      })
      .from(studyParticipants)
      .where(counted(studyId))
      .groupBy(studyParticipants.state, studyParticipants.stepsDone, studyParticipants.excluded),
    stepMedians(ctx, studyId),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(studyParticipants).where(tableWhere),
    readParticipantRows(ctx, tableWhere, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
  ]);

  const counts = { ...zeroByState(), excluded: 0 };
  // Participants not excluded by the number of steps they did.
  const doneExactly = new Map<number, number>();
  for (const group of groups) {
    if (group.excluded) {
      counts.excluded += group.n;
      continue;
    }
    counts[group.state] += group.n;
    doneExactly.set(group.stepsDone, (doneExactly.get(group.stepsDone) ?? 0) + group.n);
  }
  // Reaching step i is having done at least i steps. With a design that reorders or leaves out
  // steps, the i-th step differs between participants, so the row names the position only.
  const funnel = steps.map((step, index) => {
    let reached = 0;
    for (const [done, n] of doneExactly) if (done >= index) reached += n;
    const title = reordered ? `Step ${index + 1} of each participant’s order` : step.title;
    return { step: index, title, kind: step.kind, reached };
  });
  const medianByStep = new Map(medians.map((m) => [m.step, m.medianMs]));
  return {
    counts,
    funnel,
    stepTimes: steps.map((_, index) => ({
      step: index,
      medianMs: medianByStep.get(index) ?? null,
    })),
    participants: {
      rows,
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    },
  };
}

function zeroByState(): Record<ParticipantState, number> {
  return Object.fromEntries(PARTICIPANT_STATES.map((state) => [state, 0])) as Record<
    ParticipantState,
    number
  >;
}

/**
 * The steps of the study's newest version (the funnel's and the step times' rows), and whether
 * its design gives participants their own order or leaves steps out (ADR 041).
 */
async function newestSteps(ctx: ServiceContext, studyId: string) {
  const [newest] = await ctx.db
    .select({ content: studyVersions.content })
    .from(studyVersions)
    .where(eq(studyVersions.studyId, studyId))
    .orderBy(desc(studyVersions.number))
    .limit(1);
  if (!newest) throw new Error(`study ${studyId} has no version`);
  const { steps, design } = readStoredContent(newest.content);
  const reordered =
    design.order.scheme !== 'fixed' || design.arms.some((arm) => arm.omitSteps.length > 0);
  return { steps, reordered };
}

/**
 * The median time of each step, in ms, by percentile_cont over the counted participants who are
 * not excluded: their i-th step took steps_done_at[i] minus the time the step before it was
 * done (the start, for the first), and counts for the version's step it was (step_order[i]; the
 * i-th, without an order of their own), so a task's time is its own in any order. Only
 * participants whose list of times has one entry per step done are read: one who had done
 * steps before the times were kept has a list that does not line up with the steps.
 */
async function stepMedians(
  ctx: ServiceContext,
  studyId: string,
): Promise<{ step: number; medianMs: number }[]> {
  // PostgreSQL arrays count from 1, and an index of 0 is null: step 0 falls back to the start.
  const result = await ctx.db.execute(sql`
    select (case when cardinality(p.step_order) = 0 then s.i - 1
        else p.step_order[s.i] end)::int as step,
      percentile_cont(0.5) within group (
        order by (extract(epoch from s.done_at - coalesce(p.steps_done_at[s.i - 1], p.started_at)) * 1000)::float8
      ) as median_ms
    from ${studyParticipants} p
      cross join lateral unnest(p.steps_done_at) with ordinality as s(done_at, i)
    where p.study_id = ${studyId} and not p.is_preview and not p.excluded
      and cardinality(p.steps_done_at) = p.steps_done
    group by 1`);
  const rows = (result as unknown as { rows: { step: number; median_ms: number | string }[] }).rows;
  return rows.map((row) => ({ step: Number(row.step), medianMs: Number(row.median_ms) }));
}

/**
 * Participants as the dashboard's table shows them, newest start first, with the flags of
 * their runs: counted runs judged implausible, and whether any run's page was hidden or its
 * window blurred (the attention events a completed run's measurement keeps). The flags are
 * read for these rows only, by the owner and participant indexes of the runs.
 */
export async function readParticipantRows(
  ctx: ServiceContext,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<StudyParticipantRow[]> {
  const rows = await ctx.db
    .select({
      id: studyParticipants.id,
      version: studyVersions.number,
      state: studyParticipants.state,
      stepsDone: studyParticipants.stepsDone,
      // The step they are on: by their own order (ADR 041), or the version's when they have none.
      currentStep: sql<string | null>`${studyVersions.content} -> 'steps' -> (case
        when cardinality(${studyParticipants.stepOrder}) = 0 then ${studyParticipants.stepsDone}
        else ${studyParticipants.stepOrder}[${studyParticipants.stepsDone} + 1] end) ->> 'title'`,
      // The captured parameters live apart from the data (ADR 041); the console shows them.
      params: sql<
        Record<string, string>
      >`(select coalesce(jsonb_object_agg(${studyParticipantParams.name}, ${studyParticipantParams.value}), '{}'::jsonb) from ${studyParticipantParams} where ${studyParticipantParams.participantId} = ${studyParticipants.id})`,
      startedAt: studyParticipants.startedAt,
      lastSeenAt: studyParticipants.lastSeenAt,
      finishedAt: studyParticipants.finishedAt,
      excluded: studyParticipants.excluded,
      isPreview: studyParticipants.isPreview,
      withdrawnAt: studyParticipants.withdrawnAt,
      withdrawnBy: studyParticipants.withdrawnBy,
    })
    .from(studyParticipants)
    .innerJoin(studyVersions, eq(studyVersions.id, studyParticipants.versionId))
    .where(where)
    .orderBy(desc(studyParticipants.startedAt), desc(studyParticipants.id))
    .limit(page.limit)
    .offset(page.offset);
  const flags = await readFlags(
    ctx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    startedAt: row.startedAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    flags: flags.get(row.id) ?? { implausibleRuns: 0, tabHidden: false, windowBlurred: false },
  }));
}

async function readFlags(
  ctx: ServiceContext,
  participantIds: string[],
): Promise<Map<string, ParticipantFlags>> {
  const flags = new Map<string, ParticipantFlags>();
  if (participantIds.length === 0) return flags;
  const attention = (type: 'hidden' | 'blur') =>
    sql<boolean>`coalesce(bool_or(${testSessions.measurement} -> 'attentionEvents' @> ${JSON.stringify([{ type }])}::jsonb), false)`;
  const [implausible, sessions] = await Promise.all([
    // A participant's runs have owner_id = participant_id: the owner index finds them.
    ctx.db
      .select({ id: testResults.ownerId, n: sql<number>`count(*)::int` })
      .from(testResults)
      .where(
        and(
          inArray(testResults.ownerId, participantIds),
          sql`${testResults.implausibleReason} is not null`,
        ),
      )
      .groupBy(testResults.ownerId),
    ctx.db
      .select({
        id: sql<string>`${testSessions.participantId}`,
        hidden: attention('hidden'),
        blurred: attention('blur'),
      })
      .from(testSessions)
      .where(inArray(testSessions.participantId, participantIds))
      .groupBy(testSessions.participantId),
  ]);
  const of = (id: string) => {
    let entry = flags.get(id);
    if (!entry) {
      entry = { implausibleRuns: 0, tabHidden: false, windowBlurred: false };
      flags.set(id, entry);
    }
    return entry;
  };
  for (const row of implausible) of(row.id).implausibleRuns = row.n;
  for (const row of sessions) {
    of(row.id).tabHidden = row.hidden;
    of(row.id).windowBlurred = row.blurred;
  }
  return flags;
}

/**
 * Sets or clears a participant's exclusion (their data stays, marked). A participant of another
 * study is a 404, as one that does not exist.
 */
export async function setParticipantExcluded(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  participantId: string,
  excluded: boolean,
): Promise<StudyParticipantRow> {
  const { study } = await loadStudy(ctx, user, studyId);
  const where = and(
    eq(studyParticipants.id, participantId),
    eq(studyParticipants.studyId, studyId),
  ) as SQL;
  // The change and its audit record commit together.
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(studyParticipants)
      .set({ excluded })
      .where(where)
      .returning({ id: studyParticipants.id });
    if (updated.length === 0) throw new AppError('NOT_FOUND', PARTICIPANT_NOT_FOUND);
    await writeAuditEntry(
      { db: tx, now: ctx.now },
      {
        actorId: user.id,
        action: 'STUDY_PARTICIPANT_EXCLUDE',
        details: { studyId, studyCode: study.code, participantId, excluded },
      },
    );
  });
  const [row] = await readParticipantRows(ctx, where, { limit: 1, offset: 0 });
  if (!row) throw new AppError('NOT_FOUND', PARTICIPANT_NOT_FOUND);
  return row;
}
