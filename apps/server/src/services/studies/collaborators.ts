import type { StudyDetail, Text, User } from '@cogni/domain';
import { and, eq } from 'drizzle-orm';
import { studies, studyCollaborators, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { loadStudy, STUDY_NOT_FOUND } from './study-access';
import { toStudyDetail } from './study-views';

export const NO_SUCH_RESEARCHER: Text = /*i18n*/ {
  id: 'errors.noSuchResearcher',
  message: 'No active researcher has this email',
};

/** The 404 of a user who is not a collaborator of the study (or no user at all). */
export const NOT_A_COLLABORATOR: Text = /*i18n*/ {
  id: 'errors.notACollaborator',
  message: 'Not a collaborator of this study',
};

const TEXTS = {
  ownerNotCollaborator: /*i18n*/ {
    id: 'errors.ownerNotCollaborator',
    message: 'The owner of a study is not one of its collaborators',
  },
  transferAdminsOnly: /*i18n*/ {
    id: 'errors.transferAdminsOnly',
    message: 'Only an admin may give a study to another researcher',
  },
} satisfies Record<string, Text>;

/** An active researcher's or admin's account by email; 404 for anyone else. */
async function findResearcher(ctx: ServiceContext, where: ReturnType<typeof eq>) {
  const [row] = await ctx.db.select().from(users).where(where);
  if (!row?.isActive || (row.role !== 'researcher' && row.role !== 'admin')) {
    throw new AppError('NOT_FOUND', NO_SUCH_RESEARCHER);
  }
  return row;
}

/** The owner (or an admin) adds a researcher, who may then manage the study and see its data. */
export async function addCollaborator(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  email: string,
): Promise<StudyDetail> {
  const { study, access } = await loadStudy(ctx, user, studyId, 'own');
  const researcher = await findResearcher(ctx, eq(users.email, email));
  if (researcher.id === study.ownerId) {
    throw new AppError('CONFLICT', TEXTS.ownerNotCollaborator);
  }
  await ctx.db
    .insert(studyCollaborators)
    .values({ studyId, userId: researcher.id, addedAt: ctx.now() })
    .onConflictDoNothing();
  return toStudyDetail(ctx, study, access);
}

/** The owner (or an admin) removes a collaborator; removing one who is not there is a 404. */
export async function removeCollaborator(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  userId: string,
): Promise<StudyDetail> {
  const { study, access } = await loadStudy(ctx, user, studyId, 'own');
  const removed = await ctx.db
    .delete(studyCollaborators)
    .where(and(eq(studyCollaborators.studyId, studyId), eq(studyCollaborators.userId, userId)))
    .returning();
  if (removed.length === 0) throw new AppError('NOT_FOUND', NOT_A_COLLABORATOR);
  return toStudyDetail(ctx, study, access);
}

/**
 * An admin gives the study to another researcher (e.g. one who leaves the lab and wants to
 * delete their account). The new owner stops being a collaborator; the old one becomes one.
 */
export async function transferStudy(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  newOwnerId: string,
): Promise<StudyDetail> {
  if (user.role !== 'admin') throw new AppError('FORBIDDEN', TEXTS.transferAdminsOnly);
  const { study } = await loadStudy(ctx, user, studyId, 'own');
  const researcher = await findResearcher(ctx, eq(users.id, newOwnerId));
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    await tx
      .delete(studyCollaborators)
      .where(
        and(eq(studyCollaborators.studyId, studyId), eq(studyCollaborators.userId, researcher.id)),
      );
    if (study.ownerId !== researcher.id) {
      await tx
        .insert(studyCollaborators)
        .values({ studyId, userId: study.ownerId, addedAt: now })
        .onConflictDoNothing();
    }
    const [updated] = await tx
      .update(studies)
      .set({ ownerId: researcher.id, updatedAt: now })
      .where(eq(studies.id, studyId))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', STUDY_NOT_FOUND);
    return updated;
  });
  return toStudyDetail(ctx, row, researcher.id === user.id ? 'owner' : 'admin');
}
