import type { StudyAccess, Text, User } from '@cogni/domain';
import { and, eq } from 'drizzle-orm';
import { studies, studyCollaborators } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';

export const STUDY_NOT_FOUND: Text = /*i18n*/ {
  id: 'errors.studyNotFound',
  message: 'Study not found',
};
const OWNER_ONLY: Text = /*i18n*/ {
  id: 'errors.studyOwnerOnly',
  message: 'Only the study’s owner or an admin may do this',
};

export type StudyRow = typeof studies.$inferSelect;

/** What a request needs: to see or edit the study (collaborators may), or to own it. */
export type StudyNeed = 'manage' | 'own';

/**
 * The study and the caller's access to it: an admin's to every study, the owner's, or a
 * collaborator's. A study the caller may not see is a 404, as one that does not exist, so a
 * researcher learns nothing of other researchers' studies; one they see but may not change in
 * the way asked (a collaborator deleting it) is a 403.
 */
export async function loadStudy(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  need: StudyNeed = 'manage',
): Promise<{ study: StudyRow; access: StudyAccess }> {
  const [row] = await ctx.db
    .select({ study: studies, collaboratorId: studyCollaborators.userId })
    .from(studies)
    .leftJoin(
      studyCollaborators,
      and(eq(studyCollaborators.studyId, studies.id), eq(studyCollaborators.userId, user.id)),
    )
    .where(eq(studies.id, studyId));
  if (!row) throw new AppError('NOT_FOUND', STUDY_NOT_FOUND);
  const access: StudyAccess | null =
    row.study.ownerId === user.id
      ? 'owner'
      : user.role === 'admin'
        ? 'admin'
        : row.collaboratorId
          ? 'collaborator'
          : null;
  if (!access) throw new AppError('NOT_FOUND', STUDY_NOT_FOUND);
  if (need === 'own' && access === 'collaborator') {
    throw new AppError('FORBIDDEN', OWNER_ONLY);
  }
  return { study: row.study, access };
}
