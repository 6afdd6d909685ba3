import { createHash } from 'node:crypto';
import {
  readStoredContent,
  SOURCE_LANGUAGE,
  type StudyAccess,
  type StudyCollaborator,
  type StudyContent,
  StudyDatasetSchema,
  type StudyDetail,
  type StudySettings,
  type StudySummary,
} from '@cogni/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { studyCollaborators, studyVersions, users } from '../../db/schema';
import type { ServiceContext } from '../context';
import type { StudyRow } from './study-access';

/**
 * The SHA-256 of a content document, over its JSON with the keys in order: a consent record
 * names exactly the text agreed to, and saving the same content again writes no version.
 */
export function hashContent(content: StudyContent): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
          )
        : value;
  // English is the language of the versions stored before studies had one: it hashes as
  // absent, so saving such a version again unchanged makes no new version.
  const { language, ...withoutLanguage } = content;
  const hashed = language === SOURCE_LANGUAGE ? withoutLanguage : content;
  return createHash('sha256')
    .update(JSON.stringify(sorted(hashed)))
    .digest('hex');
}

export function settingsOf(study: StudyRow): StudySettings {
  return {
    name: study.name,
    participantCap: study.participantCap,
    capturedParams: study.capturedParams,
    completionUrl: study.completionUrl,
    declineMessage: study.declineMessage,
    declineUrl: study.declineUrl,
    completionCode: study.completionCode,
    showScores: study.showScores,
    refill: study.refill,
    activeMinutes: study.activeMinutes,
    panel: study.panel,
    panelIdParam: study.panelIdParam,
    screenOutCode: study.screenOutCode,
    dataset: StudyDatasetSchema.parse(study.dataset),
  };
}

export function summaryOf(
  study: StudyRow,
  access: StudyAccess,
  ownerName: string,
  version: number,
): StudySummary {
  return {
    id: study.id,
    code: study.code,
    name: study.name,
    state: study.state,
    access,
    ownerName,
    version,
    participantCap: study.participantCap,
    createdAt: study.createdAt.toISOString(),
    updatedAt: study.updatedAt.toISOString(),
  };
}

const fullName = (row: { firstName: string; lastName: string; email: string }) =>
  `${row.firstName} ${row.lastName}`.trim() || row.email;

/** The study as the editor shows it: settings, newest content, versions, collaborators. */
export async function toStudyDetail(
  ctx: ServiceContext,
  study: StudyRow,
  access: StudyAccess,
): Promise<StudyDetail> {
  const [versions, collaborators, [owner]] = await Promise.all([
    ctx.db
      .select()
      .from(studyVersions)
      .where(eq(studyVersions.studyId, study.id))
      .orderBy(desc(studyVersions.number)),
    ctx.db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        addedAt: studyCollaborators.addedAt,
      })
      .from(studyCollaborators)
      .innerJoin(users, eq(users.id, studyCollaborators.userId))
      .where(eq(studyCollaborators.studyId, study.id))
      .orderBy(asc(studyCollaborators.addedAt), asc(users.email)),
    ctx.db
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, study.ownerId)),
  ]);
  const newest = versions[0];
  if (!newest) throw new Error(`study ${study.id} has no version`);
  return {
    ...summaryOf(study, access, owner ? fullName(owner) : '', newest.number),
    settings: settingsOf(study),
    content: readStoredContent(newest.content),
    versions: versions.map((v) => ({
      number: v.number,
      contentHash: v.contentHash,
      createdAt: v.createdAt.toISOString(),
      firstStartedAt: v.firstStartedAt?.toISOString() ?? null,
    })),
    collaborators: collaborators.map(
      (c): StudyCollaborator => ({
        userId: c.userId,
        name: fullName(c),
        email: c.email,
        addedAt: c.addedAt.toISOString(),
      }),
    ),
  };
}

export { fullName };
