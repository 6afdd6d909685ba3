import { createHash, randomBytes } from 'node:crypto';
import {
  CAPTURED_PARAM_MAX_LENGTH,
  findTask,
  readStoredContent,
  type StudyAvailability,
  type StudyContent,
  type StudyLanding,
  screenOutUrlOf,
  type Text,
  type User,
} from '@cogni/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  studies,
  studyCodes,
  studyParticipantParams,
  studyParticipants,
  studyParticipantTokens,
  studyVersions,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { loadStudy } from '../studies/study-access';
import { isCodeShaped } from '../studies/study-codes-random';
import { assignParticipant, stepsOf } from './assign';

export const STUDY_UNAVAILABLE: Text = /*i18n*/ {
  id: 'errors.studyUnavailable',
  message: 'This study is not available',
};
export const STUDY_FULL: Text = /*i18n*/ { id: 'errors.studyFull', message: 'This study is full' };
export const STUDY_NOT_OPEN: Text = /*i18n*/ {
  id: 'errors.studyNotOpen',
  message: 'This study is not taking new participants',
};
export const CODE_UNKNOWN: Text = /*i18n*/ {
  id: 'errors.personalCodeUnknown',
  message: 'This personal link is not valid',
};
export const PARTICIPATION_UNKNOWN: Text = /*i18n*/ {
  id: 'errors.participationUnknown',
  message: 'Your participation could not be found; open your link again',
};
export const PANEL_ID_USED: Text = /*i18n*/ {
  id: 'errors.panelIdUsed',
  message: 'You have already taken part in this study',
};

/** A minute for each step that is not a task: reading a page, answering a few questions. */
const OTHER_STEP_MS = 60_000;

type StudyRow = typeof studies.$inferSelect;
type VersionRow = typeof studyVersions.$inferSelect;
type ParticipantRow = typeof studyParticipants.$inferSelect;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The study of an open link's code, or a 404 for an unknown code or a draft. */
async function studyByCode(ctx: ServiceContext, code: string): Promise<StudyRow> {
  if (!isCodeShaped(code)) throw new AppError('NOT_FOUND', STUDY_UNAVAILABLE);
  const [study] = await ctx.db.select().from(studies).where(eq(studies.code, code));
  if (!study || study.state === 'draft') throw new AppError('NOT_FOUND', STUDY_UNAVAILABLE);
  return study;
}

async function newestVersion(ctx: ServiceContext, studyId: string): Promise<VersionRow> {
  const [version] = await ctx.db
    .select()
    .from(studyVersions)
    .where(eq(studyVersions.studyId, studyId))
    .orderBy(desc(studyVersions.number))
    .limit(1);
  if (!version) throw new Error(`study ${studyId} has no version`);
  return version;
}

/** The estimated time of a version: each task step's own estimate, a minute for the others. */
export function estimateStudyMs(content: StudyContent): number {
  return content.steps.reduce((sum, step) => {
    if (step.kind !== 'task') return sum + OTHER_STEP_MS;
    const task = findTask(step.testType);
    return sum + (task ? task.estimateMs(step.config as never) : OTHER_STEP_MS);
  }, 0);
}

/** Participants who count against the cap: everyone but previews. */
async function countParticipants(ctx: ServiceContext, studyId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(studyParticipants)
    .where(and(eq(studyParticipants.studyId, studyId), eq(studyParticipants.isPreview, false)));
  return row?.n ?? 0;
}

/** Whether a study takes participants; a draft never reaches here (studyByCode: 404). */
function availabilityOf(state: StudyRow['state'], full: boolean): StudyAvailability {
  if (state === 'open') return full ? 'full' : 'open';
  return state === 'paused' ? 'paused' : 'closed';
}

/** What the landing page shows; starts nothing. */
export async function getLanding(ctx: ServiceContext, code: string): Promise<StudyLanding> {
  const study = await studyByCode(ctx, code);
  const version = await newestVersion(ctx, study.id);
  const content = readStoredContent(version.content);
  const full =
    study.participantCap !== null &&
    (await countParticipants(ctx, study.id)) >= study.participantCap;
  return {
    title: content.title,
    description: content.description,
    estimatedMs: estimateStudyMs(content),
    steps: content.steps.length,
    testTypes: content.steps.flatMap((step) => (step.kind === 'task' ? [step.testType] : [])),
    availability: availabilityOf(study.state, full),
    screenOutUrl: screenOutUrlOf(study, {}),
    language: content.language,
  };
}

/** The captured parameters of a link: the study's names only, each cut to a bounded length. */
export function captureParams(names: readonly string[], given: Record<string, unknown>) {
  const kept: Record<string, string> = {};
  for (const name of names) {
    const value = given[name];
    if (typeof value === 'string') kept[name] = value.slice(0, CAPTURED_PARAM_MAX_LENGTH);
  }
  return kept;
}

/** The URL parameters a participant's link carried, from where they are kept apart (ADR 041). */
export async function participantParams(
  ctx: ServiceContext,
  participantId: string,
): Promise<Record<string, string>> {
  const rows = await ctx.db
    .select({ name: studyParticipantParams.name, value: studyParticipantParams.value })
    .from(studyParticipantParams)
    .where(eq(studyParticipantParams.participantId, participantId));
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

/**
 * Starts a participant (or resumes the one a used personal code belongs to), in one
 * transaction with the study's row locked, so the cap, a personal code and a panel id each hold
 * under any number of starts at once. A refusal of a panel's participant (the study full, their
 * panel id already used) carries the panel's screen-out URL. Returns the new browser token; only
 * its hash is stored.
 */
export async function startParticipation(
  ctx: ServiceContext,
  code: string,
  input: { params: Record<string, unknown>; personalCode?: string },
): Promise<{ participant: ParticipantRow; token: string }> {
  const study = await studyByCode(ctx, code);
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const participant = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(studies).where(eq(studies.id, study.id)).for('update');
    if (locked?.state !== 'open') throw new AppError('CONFLICT', STUDY_NOT_OPEN);
    const captured = captureParams(locked.capturedParams, input.params);
    const screenOutUrl = screenOutUrlOf(locked, captured) ?? undefined;
    let codeId: string | null = null;
    if (input.personalCode !== undefined) {
      const [personal] = await tx
        .select()
        .from(studyCodes)
        .where(and(eq(studyCodes.studyId, study.id), eq(studyCodes.code, input.personalCode)));
      if (!personal) throw new AppError('NOT_FOUND', CODE_UNKNOWN);
      const [existing] = await tx
        .select()
        .from(studyParticipants)
        .where(eq(studyParticipants.codeId, personal.id));
      if (existing) {
        await tx
          .insert(studyParticipantTokens)
          .values({ tokenHash: hashToken(token), participantId: existing.id, createdAt: now });
        return existing;
      }
      codeId = personal.id;
      await tx.update(studyCodes).set({ usedAt: now }).where(eq(studyCodes.id, personal.id));
    }
    if (locked.participantCap !== null) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(studyParticipants)
        .where(
          and(eq(studyParticipants.studyId, study.id), eq(studyParticipants.isPreview, false)),
        );
      if ((row?.n ?? 0) >= locked.participantCap) {
        throw new AppError('CONFLICT', STUDY_FULL, undefined, screenOutUrl);
      }
    }
    // One participation per panel id: another browser (or a cleared cookie) cannot start again.
    const panelId = locked.panelIdParam === null ? undefined : captured[locked.panelIdParam];
    if (panelId !== undefined) {
      const [used] = await tx
        .select({ participantId: studyParticipantParams.participantId })
        .from(studyParticipantParams)
        .where(
          and(
            eq(studyParticipantParams.studyId, study.id),
            eq(studyParticipantParams.value, panelId),
            eq(studyParticipantParams.isPanelId, true),
          ),
        )
        .limit(1);
      if (used) throw new AppError('CONFLICT', PANEL_ID_USED, undefined, screenOutUrl);
    }
    const [version] = await tx
      .select()
      .from(studyVersions)
      .where(eq(studyVersions.studyId, study.id))
      .orderBy(desc(studyVersions.number))
      .limit(1);
    if (!version) throw new Error(`study ${study.id} has no version`);
    if (version.firstStartedAt === null) {
      await tx
        .update(studyVersions)
        .set({ firstStartedAt: now })
        .where(eq(studyVersions.id, version.id));
    }
    const { cell, log } = await assignParticipant(
      { db: tx, now: ctx.now },
      locked,
      version,
      readStoredContent(version.content),
      { fullMessage: STUDY_FULL, isPreview: false, screenOutUrl },
    );
    const [created] = await tx
      .insert(studyParticipants)
      .values({
        studyId: study.id,
        versionId: version.id,
        codeId,
        startedAt: now,
        lastSeenAt: now,
        ...cell,
      })
      .returning();
    if (!created) throw new Error('participant insert returned nothing');
    await log(created.id);
    const params = Object.entries(captured).map(([name, value]) => ({
      participantId: created.id,
      studyId: study.id,
      name,
      value,
      isPanelId: name === locked.panelIdParam,
    }));
    if (params.length > 0) await tx.insert(studyParticipantParams).values(params);
    await tx
      .insert(studyParticipantTokens)
      .values({ tokenHash: hashToken(token), participantId: created.id, createdAt: now });
    return created;
  });
  return { participant, token };
}

/** The participant a browser token belongs to, in the study of `code`; 401 otherwise. */
export async function readParticipant(
  ctx: ServiceContext,
  code: string,
  token: string | undefined,
) {
  if (!token) throw new AppError('UNAUTHENTICATED', PARTICIPATION_UNKNOWN);
  const [row] = await ctx.db
    .select({ participant: studyParticipants, study: studies, version: studyVersions })
    .from(studyParticipantTokens)
    .innerJoin(studyParticipants, eq(studyParticipants.id, studyParticipantTokens.participantId))
    .innerJoin(studies, eq(studies.id, studyParticipants.studyId))
    .innerJoin(studyVersions, eq(studyVersions.id, studyParticipants.versionId))
    .where(and(eq(studyParticipantTokens.tokenHash, hashToken(token)), eq(studies.code, code)));
  if (!row) throw new AppError('UNAUTHENTICATED', PARTICIPATION_UNKNOWN);
  let { participant } = row;
  if (participant.state === 'abandoned') {
    // A participant marked abandoned who comes back (by their token, or their personal code on
    // another device) takes part again from where they stopped.
    const [revived] = await ctx.db
      .update(studyParticipants)
      .set({
        state: participant.consentedAt ? 'consented' : 'started',
        lastSeenAt: ctx.now(),
      })
      .where(eq(studyParticipants.id, participant.id))
      .returning();
    if (revived) participant = revived;
  }
  const content = readStoredContent(row.version.content);
  return { ...row, participant, content, steps: stepsOf(participant, content) };
}

/**
 * A researcher's run-through of their study as a participant (ADR 040): the newest version, in
 * any state, marked as a preview, so it counts against no cap, freezes no version and stays out
 * of the data. Returns the study's code and the preview's browser token.
 */
export async function startPreview(
  ctx: ServiceContext,
  user: User,
  studyId: string,
): Promise<{ code: string; token: string }> {
  const { study } = await loadStudy(ctx, user, studyId);
  const version = await newestVersion(ctx, study.id);
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // A preview is assigned as a participant would be now, and never counts itself.
    const { cell, log } = await assignParticipant(
      { db: tx, now: ctx.now },
      study,
      version,
      readStoredContent(version.content),
      { fullMessage: STUDY_FULL, isPreview: true },
    );
    const [created] = await tx
      .insert(studyParticipants)
      .values({
        studyId: study.id,
        versionId: version.id,
        isPreview: true,
        startedAt: now,
        lastSeenAt: now,
        ...cell,
      })
      .returning({ id: studyParticipants.id });
    if (!created) throw new Error('participant insert returned nothing');
    await log(created.id);
    await tx
      .insert(studyParticipantTokens)
      .values({ tokenHash: hashToken(token), participantId: created.id, createdAt: now });
  });
  return { code: study.code, token };
}
