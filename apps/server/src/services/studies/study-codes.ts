import { STUDY_CODES_MAX, type StudyCode, type Text, type User } from '@cogni/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { studies, studyCodes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ServiceContext } from '../context';
import { loadStudy } from './study-access';
import { newCode } from './study-codes-random';

const TOO_MANY_CODES: Text = /*i18n*/ {
  id: 'errors.tooManyStudyCodes',
  message: 'A study holds at most {max} personal codes',
};

const toCode = (row: typeof studyCodes.$inferSelect): StudyCode => ({
  code: row.code,
  label: row.label,
  createdAt: row.createdAt.toISOString(),
  usedAt: row.usedAt?.toISOString() ?? null,
});

/**
 * `count` new personal codes of the study, each with `label`. A study holds at most
 * STUDY_CODES_MAX; the count is checked under the study's row lock, so two requests at once
 * cannot pass it together.
 */
export async function createStudyCodes(
  ctx: ServiceContext,
  user: User,
  studyId: string,
  input: { count: number; label: string },
): Promise<StudyCode[]> {
  await loadStudy(ctx, user, studyId);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await tx.select({ id: studies.id }).from(studies).where(eq(studies.id, studyId)).for('update');
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(studyCodes)
      .where(eq(studyCodes.studyId, studyId));
    if ((held?.n ?? 0) + input.count > STUDY_CODES_MAX) {
      throw new AppError('CONFLICT', { ...TOO_MANY_CODES, values: { max: STUDY_CODES_MAX } });
    }
    const rows = await tx
      .insert(studyCodes)
      .values(
        Array.from({ length: input.count }, (_, i) => ({
          studyId,
          number: (held?.n ?? 0) + i + 1,
          code: newCode(),
          label: input.label,
          createdAt: now,
        })),
      )
      .returning();
    return rows.sort((a, b) => a.number - b.number).map(toCode);
  });
}

/** Every personal code of the study, in the order they were made. */
export async function listStudyCodes(
  ctx: ServiceContext,
  user: User,
  studyId: string,
): Promise<{ studyCode: string; codes: StudyCode[] }> {
  const { study } = await loadStudy(ctx, user, studyId);
  const rows = await ctx.db
    .select()
    .from(studyCodes)
    .where(eq(studyCodes.studyId, studyId))
    .orderBy(asc(studyCodes.number));
  return { studyCode: study.code, codes: rows.map(toCode) };
}
