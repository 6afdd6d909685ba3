import { type TextWithValues, textOf } from '@cogni/domain';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { isApiError } from '../api-client';

/**
 * A catalog message in the reader's language. A server message travels with its English text
 * already filled in (`message`) and its id: without a translation, the English text shows.
 */
function translate(i18n: I18n, text: TextWithValues, english: string): string {
  return i18n._(text.id, text.values, { message: text.values ? text.message : english });
}

/**
 * A message the server or a schema wrote in English, in the reader's language when the catalogs
 * know it (a validation message of a domain schema, ADR 042); otherwise as written.
 */
export function translateEnglish(i18n: I18n, english: string): string {
  const text = textOf(english);
  return text ? translate(i18n, text, english) : english;
}

/**
 * What to tell the reader about a failed request or action: the server's message in their
 * language, by its id; a message the catalogs know by its English text; or the English text.
 */
export function errorText(i18n: I18n, error: unknown): string {
  if (isApiError(error) && error.text) return translate(i18n, error.text, error.message);
  const message = error instanceof Error ? error.message : String(error);
  return translateEnglish(i18n, message);
}

/** errorText and translateEnglish bound to the reader's language, for components. */
export function useErrorText() {
  // `_` changes with the language (i18n stays the same object), so the callbacks do too.
  const { i18n, _ } = useLingui();
  return {
    // biome-ignore lint/correctness/useExhaustiveDependencies: `_` stands for the language.
    errorText: useCallback((error: unknown) => errorText(i18n, error), [i18n, _]),
    // biome-ignore lint/correctness/useExhaustiveDependencies: as above.
    translateEnglish: useCallback((english: string) => translateEnglish(i18n, english), [i18n, _]),
  };
}
