import { z } from 'zod';

/**
 * The languages Cogni speaks (ADR 042), as BCP 47 language subtags. English is the source: every
 * message is written in it, and a message a catalog lacks shows in it.
 */
export const LANGUAGES = ['en', 'de', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const SOURCE_LANGUAGE: Language = 'en';

export const LanguageSchema = z.enum(LANGUAGES, {
  error: `a language must be one of ${LANGUAGES.map((l) => `'${l}'`).join(', ')}`,
});

/** Each language named in itself: a reader looks for their own language's name. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The first of `tags` (a browser's preferred languages, most preferred first, such as
 * `['de-AT', 'en']`) that Cogni speaks, by its primary subtag; null when none is.
 */
export function matchLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}
