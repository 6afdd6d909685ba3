import type { DeleteParticipantDataResponse, StudyParticipantRow, User } from '@cogni/domain';
import { and, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  studyParticipantParams,
  studyParticipants,
  testResults,
  testSessions,
  trials,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit/write-audit-entry';
import type { ServiceContext } from '../context';
import { PARTICIPANT_NOT_FOUND, readParticipantRows } from '../studies/dashboard';
import { loadStudy } from '../studies/study-access';
import type { readParticipant } from './participation';
import { PARTICIPATION_ENDED } from './steps';

type Read = Awaited<ReturnType<typeof readParticipant>>;

/** The start of an id, as the dashboard shows it or longer: hex digits and dashes only. */
const ID_START = /^[0-9a-f-]{8,36}$/;

/** The most participants a search answers: a parameter value given to many links is no id. */
const FOUND_MAX = 20;

/** The states a participant may stop from: taking part (readParticipant revives the abandoned). */
const TAKING_PART = ['started', 'consented'] as const;

/**
 * Stops a participation (ADR 041, "Stop and keep my answers"): state `stopped`, the finish time
 * set, every answer and run kept. Stopping again answers the same; a participation that ended
 * otherwise (declined, completed, withdrawn) is a 409, since nothing is left to stop: after
 * completing, a participant may still withdraw.
 */
export async function stopParticipation(ctx: ServiceContext, read: Read): Promise<void> {
  const { participant } = read;
  if (participant.state === 'stopped') return;
  if (!(TAKING_PART as readonly string[]).includes(participant.state)) {
    throw new AppError('CONFLICT', PARTICIPATION_ENDED);
  }
  const now = ctx.now();
  await ctx.db
    .update(studyParticipants)
    .set({ state: 'stopped', finishedAt: now, lastSeenAt: now })
    .where(
      and(
        eq(studyParticipants.id, participant.id),
        inArray(studyParticipants.state, [...TAKING_PART]),
      ),
    );
}

/** What a deletion removed. */
export type DeletedData = DeleteParticipantDataResponse['deleted'];

/**
 * Deletes a participant's data in one transaction and marks them withdrawn: their runs (with
 * their trials and scores) and the runs' sessions, their demographics answers, the times of
 * their steps and the URL parameters their link carried. The row stays with what makes the
 * study's numbers honest: the consent version and time, the start, the design cell (the
 * assignment log too), how many steps they did, and when and by whom the data was deleted. A
 * participant withdrawn before keeps their first withdrawal's time and requester; the deletion
 * runs again, finding nothing. Answers how many runs and trials were deleted, or null when the
 * participant does not exist (within `where`).
 */
export async function deleteParticipantData(
  ctx: ServiceContext,
  participantId: string,
  by: 'participant' | 'researcher',
  onDeleted?: (tx: ServiceContext, deleted: DeletedData) => Promise<void>,
  where?: SQL,
): Promise<DeletedData | null> {
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The row locked first: a trial saved meanwhile waits, then finds its run gone.
    const [row] = await tx
      .select({ state: studyParticipants.state, finishedAt: studyParticipants.finishedAt })
      .from(studyParticipants)
      .where(and(eq(studyParticipants.id, participantId), where) as SQL)
      .for('update');
    if (!row) return null;
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(trials)
      .innerJoin(testResults, eq(testResults.id, trials.resultId))
      .where(eq(testResults.participantId, participantId));
    // Trials and result scores go with their runs (on delete cascade).
    const runs = await tx
      .delete(testResults)
      .where(eq(testResults.participantId, participantId))
      .returning({ id: testResults.id });
    await tx.delete(testSessions).where(eq(testSessions.participantId, participantId));
    await tx
      .delete(studyParticipantParams)
      .where(eq(studyParticipantParams.participantId, participantId));
    const withdrawnBefore = row.state === 'withdrawn';
    await tx
      .update(studyParticipants)
      .set({
        state: 'withdrawn',
        demographics: {},
        stepsDoneAt: [],
        lastSeenAt: now,
        finishedAt: row.finishedAt ?? now,
        ...(withdrawnBefore ? {} : { withdrawnAt: now, withdrawnBy: by }),
      })
      .where(eq(studyParticipants.id, participantId));
    const deleted = { runs: runs.length, trials: counted?.n ?? 0 };
    await onDeleted?.({ db: tx, now: ctx.now }, deleted);
    return deleted;
  });
}

/**
 * The participant's own withdrawal ("Withdraw and delete my answers"), from any state: a
 * completed participant may withdraw too. Withdrawing again answers the same.
 */
export async function withdrawParticipation(ctx: ServiceContext, read: Read): Promise<void> {
  await deleteParticipantData(ctx, read.participant.id, 'participant');
}

/**
 * A study's participants whose id is or starts with `q` (at least the 8 characters the
 * dashboard shows, in any case) or whose link
 * carried a URL parameter of exactly the value `q` (a panel's id, such as PROLIFIC_PID), newest
 * start first, at most FOUND_MAX. Previews included, marked, as on the dashboard.
 */
export async function findParticipants(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  q: string,
): Promise<StudyParticipantRow[]> {
  await loadStudy(ctx, user, studyId);
  // The dashboard shows an id's first 8 characters: those, or more of it, find it too.
  const idStart = q.toLowerCase();
  const byId = ID_START.test(idStart)
    ? sql`${studyParticipants.id} like ${`${idStart}%`}`
    : eq(studyParticipants.id, idStart);
  const where = and(
    eq(studyParticipants.studyId, studyId),
    or(
      byId,
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(studyParticipantParams)
          .where(
            and(
              eq(studyParticipantParams.studyId, studyId),
              eq(studyParticipantParams.participantId, studyParticipants.id),
              eq(studyParticipantParams.value, q),
            ),
          ),
      ),
    ),
  ) as SQL;
  return readParticipantRows(ctx, where, { limit: FOUND_MAX, offset: 0 });
}

/**
 * A researcher's deletion of a participant's data (at their request, by email or through a
 * panel): as a withdrawal, by 'researcher', audited in the same transaction. A participant of
 * another study is a 404, as one that does not exist.
 */
export async function deleteParticipantByResearcher(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  participantId: string,
): Promise<DeleteParticipantDataResponse> {
  const { study } = await loadStudy(ctx, user, studyId);
  const inStudy = eq(studyParticipants.studyId, studyId);
  const deleted = await deleteParticipantData(
    ctx,
    participantId,
    'researcher',
    (tx, counts) =>
      writeAuditEntry(tx, {
        actorId: user.id,
        action: 'STUDY_PARTICIPANT_DELETE',
        details: { studyId, studyCode: study.code, participantId, ...counts },
      }),
    inStudy,
  );
  if (!deleted) throw new AppError('NOT_FOUND', PARTICIPANT_NOT_FOUND);
  const [participant] = await readParticipantRows(
    ctx,
    and(eq(studyParticipants.id, participantId), inStudy) as SQL,
    { limit: 1, offset: 0 },
  );
  if (!participant) throw new AppError('NOT_FOUND', PARTICIPANT_NOT_FOUND);
  return { participant, deleted };
}
