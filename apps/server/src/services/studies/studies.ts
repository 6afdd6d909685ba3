import type {
  SaveStudyInputSchema,
  StudyDetail,
  StudyState,
  StudySummary,
  Text,
  User,
} from '@cogni/domain';
import { and, desc, eq, exists, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  studies,
  studyCollaborators,
  studyParticipants,
  studyVersions,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { loadStudy, STUDY_NOT_FOUND } from './study-access';
import { newCode } from './study-codes-random';
import { fullName, hashContent, summaryOf, toStudyDetail } from './study-views';

export const STUDY_HAS_PARTICIPANTS: Text = /*i18n*/ {
  id: 'errors.studyHasParticipants',
  message: 'This study has participants, whose data would go with it: close it instead',
};

const TEXTS = {
  stateChange: /*i18n*/ {
    id: 'errors.studyStateChange',
    message: 'A {from} study cannot become {to}',
  },
  changedMeanwhile: /*i18n*/ {
    id: 'errors.studyChangedMeanwhile',
    message: 'The study changed meanwhile; reload it and try again',
  },
} satisfies Record<string, Text>;

type SaveStudyInput = z.output<typeof SaveStudyInputSchema>;

/** The studies the caller may see (an admin: all), newest change first. */
export async function listStudies(ctx: ServiceContext, user: User): Promise<StudySummary[]> {
  const newestVersion = sql<number>`(select max(${studyVersions.number}) from ${studyVersions} where ${studyVersions.studyId} = ${studies.id})`;
  const isCollaborator = exists(
    ctx.db
      .select({ one: sql`1` })
      .from(studyCollaborators)
      .where(
        and(eq(studyCollaborators.studyId, studies.id), eq(studyCollaborators.userId, user.id)),
      ),
  );
  const rows = await ctx.db
    .select({
      study: studies,
      version: newestVersion,
      isCollaborator: sql<boolean>`${isCollaborator}`,
      owner: { firstName: users.firstName, lastName: users.lastName, email: users.email },
    })
    .from(studies)
    .innerJoin(users, eq(users.id, studies.ownerId))
    .where(user.role === 'admin' ? undefined : or(eq(studies.ownerId, user.id), isCollaborator))
    .orderBy(desc(studies.updatedAt), desc(studies.id));
  return rows.map((row) =>
    summaryOf(
      row.study,
      row.study.ownerId === user.id ? 'owner' : user.role === 'admin' ? 'admin' : 'collaborator',
      fullName(row.owner),
      Number(row.version),
    ),
  );
}

/** A new draft study owned by the caller, with its first version. */
export async function createStudy(
  ctx: ServiceContext,
  user: User,
  input: SaveStudyInput,
): Promise<StudyDetail> {
  const now = ctx.now();
  const study = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(studies)
      .values({
        ...input.settings,
        ownerId: user.id,
        code: newCode(),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('study insert returned nothing');
    await tx.insert(studyVersions).values({
      studyId: row.id,
      number: 1,
      content: input.content,
      contentHash: hashContent(input.content),
      createdAt: now,
      createdBy: user.id,
    });
    return row;
  });
  return toStudyDetail(ctx, study, 'owner');
}

/**
 * Saves the editor's study: its settings, and its content as the newest version while no
 * participant has started that version, or as the next version once one has (participants keep
 * the version they started). The same content saved again writes nothing.
 */
export async function saveStudy(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  input: SaveStudyInput,
): Promise<StudyDetail> {
  const { access } = await loadStudy(ctx, user, studyId);
  const now = ctx.now();
  const hash = hashContent(input.content);
  const study = await ctx.db.transaction(async (tx) => {
    // Locks the study, so two saves at once write one version after the other.
    const [row] = await tx
      .update(studies)
      .set({ ...input.settings, updatedAt: now })
      .where(eq(studies.id, studyId))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', STUDY_NOT_FOUND);
    const [newest] = await tx
      .select()
      .from(studyVersions)
      .where(eq(studyVersions.studyId, studyId))
      .orderBy(desc(studyVersions.number))
      .limit(1);
    if (!newest) throw new Error(`study ${studyId} has no version`);
    if (newest.contentHash === hash) return row;
    if (newest.firstStartedAt === null) {
      await tx
        .update(studyVersions)
        .set({ content: input.content, contentHash: hash, createdAt: now, createdBy: user.id })
        .where(eq(studyVersions.id, newest.id));
    } else {
      await tx.insert(studyVersions).values({
        studyId,
        number: newest.number + 1,
        content: input.content,
        contentHash: hash,
        createdAt: now,
        createdBy: user.id,
      });
    }
    return row;
  });
  return toStudyDetail(ctx, study, access);
}

/** The moves between states: a study never goes back to draft once it was opened. */
const NEXT_STATES: Record<StudyState, readonly StudyState[]> = {
  draft: ['draft', 'open', 'closed'],
  open: ['open', 'paused', 'closed'],
  paused: ['paused', 'open', 'closed'],
  closed: ['closed', 'open'],
};

export async function changeStudyState(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  state: StudyState,
): Promise<StudyDetail> {
  const { study, access } = await loadStudy(ctx, user, studyId);
  if (!NEXT_STATES[study.state].includes(state)) {
    throw new AppError('CONFLICT', {
      ...TEXTS.stateChange,
      values: { from: study.state, to: state },
    });
  }
  const [row] = await ctx.db
    .update(studies)
    .set({ state, updatedAt: ctx.now() })
    .where(and(eq(studies.id, studyId), eq(studies.state, study.state)))
    .returning();
  if (!row) throw new AppError('CONFLICT', TEXTS.changedMeanwhile);
  return toStudyDetail(ctx, row, access);
}

/** Deletes a study (its owner or an admin) with its versions, codes and collaborators. */
/**
 * Deletes a study with its previews, under the study's row lock so that nobody starts meanwhile;
 * a study with participants (previews aside) is refused: their data is not only the
 * researcher's to drop, and closing the study stops new ones.
 */
export async function deleteStudy(ctx: ServiceContext, user: User, studyId: string): Promise<void> {
  await loadStudy(ctx, user, studyId, 'own');
  await ctx.db.transaction(async (tx) => {
    await tx.select({ id: studies.id }).from(studies).where(eq(studies.id, studyId)).for('update');
    const [participant] = await tx
      .select({ id: studyParticipants.id })
      .from(studyParticipants)
      .where(and(eq(studyParticipants.studyId, studyId), eq(studyParticipants.isPreview, false)))
      .limit(1);
    if (participant) throw new AppError('CONFLICT', STUDY_HAS_PARTICIPANTS);
    await tx.delete(studies).where(eq(studies.id, studyId));
  });
}

export async function getStudy(ctx: ServiceContext, user: User, studyId: string) {
  const { study, access } = await loadStudy(ctx, user, studyId);
  return toStudyDetail(ctx, study, access);
}
