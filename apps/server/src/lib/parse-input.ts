import type { z } from 'zod';
import { AppError } from './app-error';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text';

/**
 * Validates request input against its schema; any problem is a 400 naming each field, so a form
 * can show every message next to its field.
 */
export function parseInput<S extends z.ZodType>(raw: unknown, schema: S): z.output<S> {
  // A null-prototype object: a field named __proto__ must stay a plain key.
  const fields: Record<string, string> = Object.create(null);
  // Before the schema, for every string of every body and query: found by fuzzing (NUL in an
  // email or a search was a database error, a 500).
  const unstorable = findUnstorableText(raw);
  if (unstorable !== undefined) {
    fields[unstorable] = UNSTORABLE_TEXT_MESSAGE;
    throw new AppError(
      'BAD_REQUEST',
      `Invalid request: ${unstorable}: ${UNSTORABLE_TEXT_MESSAGE}`,
      fields,
    );
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[key] ??= 'Unknown field';
    } else {
      fields[issue.path.join('.') || 'body'] ??= issue.message;
    }
  }
  const summary = Object.entries(fields)
    .map(([field, message]) => `${field}: ${message}`)
    .join('; ');
  throw new AppError('BAD_REQUEST', `Invalid request: ${summary}`, fields);
}
