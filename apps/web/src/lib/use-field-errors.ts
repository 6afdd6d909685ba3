import { isApiError } from './api-client';
import { useErrorText } from './i18n/error-text';

/**
 * The server's message per field of a refused form (a 400's `fields`), in the reader's language:
 * they are a schema's English texts, which the catalogs hold by their English (ADR 042). Empty
 * when the error is not an ApiError or names no field.
 */
export function useFieldErrors(error: unknown): Record<string, string> {
  const { translateEnglish } = useErrorText();
  if (!isApiError(error)) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([name, message]) => [name, translateEnglish(message)]),
  );
}
