import { isLanguage, type Language } from '@cogni/domain';
import { eq } from 'drizzle-orm';
import { userProfiles } from '../../db/schema';
import type { ServiceContext } from '../context';

/**
 * The language a user's profile names, when Cogni speaks it (the field predates the languages
 * and may hold anything an import put there); null otherwise.
 */
export async function getLanguage(ctx: ServiceContext, userId: string): Promise<Language | null> {
  const [row] = await ctx.db
    .select({ language: userProfiles.language })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return isLanguage(row?.language) ? row.language : null;
}

/** Writes the language of the user's pages into their profile (made if it is missing). */
export async function setLanguage(
  ctx: ServiceContext,
  userId: string,
  language: Language | null,
): Promise<Language | null> {
  await ctx.db
    .insert(userProfiles)
    .values({ userId, language, updatedAt: ctx.now() })
    .onConflictDoUpdate({
      target: userProfiles.userId,
      set: { language, updatedAt: ctx.now() },
    });
  return language;
}
