import { isLanguage, type Language, SOURCE_LANGUAGE } from '@cogni/domain';
import { i18n, type Messages } from '@lingui/core';
import { type CompiledMessage, compileMessage } from './compile-message';

/**
 * What the reader can choose: Cogni's languages, and in development builds a pseudo-locale
 * (English with accents, a third longer) in which a layout is seen to survive longer text and
 * any text that skips the catalogs stands out unaccented.
 */
export type AppLocale = Language | 'pseudo';
export const PSEUDO_LOCALE = 'pseudo';

/**
 * Each translated language's catalog, compiled from its PO file by the Vite plugin and loaded
 * as a chunk of its own the first time it is chosen. English has none: messages keep their
 * English text in the bundle (ADR 042).
 */
const catalogs: Partial<Record<AppLocale, () => Promise<{ messages: Messages }>>> = {
  de: () => import('../../locales/de/messages.po'),
  es: () => import('../../locales/es/messages.po'),
  ...(import.meta.env.DEV ? { pseudo: () => import('../../locales/pseudo/messages.po') } : {}),
};

/** The locales the switcher offers in this build. */
export const APP_LOCALES: readonly AppLocale[] = [
  'en',
  'de',
  'es',
  ...(import.meta.env.DEV ? ([PSEUDO_LOCALE] as const) : []),
];

export function isAppLocale(value: unknown): value is AppLocale {
  return isLanguage(value) || (value === PSEUDO_LOCALE && import.meta.env.DEV);
}

/**
 * English messages arrive as ICU text and are compiled the first time each is shown; a message
 * is compiled once, however often it renders (a task's counter, a chart's labels).
 */
const compiled = new Map<string, CompiledMessage>();
i18n.setMessagesCompiler((message) => {
  let result = compiled.get(message);
  if (result === undefined) {
    result = compileMessage(message);
    compiled.set(message, result);
  }
  return result;
});

/** The language `Intl` formats in: the pseudo-locale formats as English. */
export const intlLocaleOf = (locale: AppLocale): Language =>
  locale === PSEUDO_LOCALE ? SOURCE_LANGUAGE : locale;

/**
 * The language of the page now, as `Intl` and the API read it (the pseudo-locale is English):
 * what numbers are written in, and what a run started now is taken in.
 */
export function pageLanguage(): Language {
  const { locale } = i18n;
  return isAppLocale(locale) ? intlLocaleOf(locale) : SOURCE_LANGUAGE;
}

/**
 * Loads `locale`'s catalog (once) and makes it the language of every message; `<html lang>`
 * follows, so screen readers speak the page in it.
 */
export async function activateLocale(locale: AppLocale): Promise<void> {
  const load = catalogs[locale];
  const messages = load ? (await load()).messages : {};
  i18n.loadAndActivate({ locale, locales: [intlLocaleOf(locale)], messages });
  document.documentElement.lang = locale === PSEUDO_LOCALE ? 'en-XA' : locale;
}

/** English, active before anything renders: it needs no catalog. */
i18n.loadAndActivate({ locale: SOURCE_LANGUAGE, messages: {} });

export { i18n };
