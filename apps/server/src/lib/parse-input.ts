import type { Text } from '@cogni/domain';
import type { z } from 'zod';
import { AppError } from './app-error';
import { findUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text';

/**
 * A request the schema refuses: each field's problem (`field: message`, the messages in English,
 * as the schemas write them; a form shows each beside its field, from `fields`).
 */
const INVALID_REQUEST: Text = /*i18n*/ {
  id: 'errors.invalidRequest',
  message: 'Invalid request: {problems}',
};

/**
 * Validates request input against its schema; any problem is a 400 naming each field, so a form
 * can show every message next to its field.
 */
export function parseInput<S extends z.ZodType>(raw: unknown, schema: S): z.output<S> {
  // A null-prototype object: a field named __proto__ must stay a plain key.
  const fields: Record<string, string> = Object.create(null);
  // Before the schema, for every string of every body and query: NUL in an email or a search
  // would otherwise be a database error, a 500 (routes/fuzz-findings.test.ts).
  const unstorable = findUnstorableText(raw);
  if (unstorable !== undefined) {
    fields[unstorable] = UNSTORABLE_TEXT_MESSAGE;
    throw new AppError(
      'BAD_REQUEST',
      { ...INVALID_REQUEST, values: { problems: `${unstorable}: ${UNSTORABLE_TEXT_MESSAGE}` } },
      fields,
    );
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // The message names the fields the schema knows; unknown ones are counted, never quoted: a
  // body of sixty 1,000-character keys must not come back, or into a log, as 60 KB of text.
  const known: string[] = [];
  let unknownCount = 0;
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      unknownCount += issue.keys.length;
      for (const key of issue.keys) {
        // Named by its whole path: an unknown key inside a nested object (e.g. `config.speed`).
        const field = [...issue.path, key].join('.');
        if (field.length <= MAX_FIELD_NAME_LENGTH && Object.keys(fields).length < MAX_FIELDS) {
          fields[field] ??= 'Unknown field';
        }
      }
    } else {
      const field = (issue.path.join('.') || 'body').slice(0, MAX_FIELD_NAME_LENGTH);
      if (fields[field] === undefined && Object.keys(fields).length < MAX_FIELDS) {
        fields[field] = issue.message;
        known.push(`${field}: ${issue.message}`);
      }
    }
  }
  if (unknownCount > 0) {
    known.push(unknownCount === 1 ? 'an unknown field' : `${unknownCount} unknown fields`);
  }
  throw new AppError(
    'BAD_REQUEST',
    { ...INVALID_REQUEST, values: { problems: known.join('; ') } },
    fields,
  );
}

/** Fields named in one error at most, and the longest field name quoted. */
const MAX_FIELDS = 20;
const MAX_FIELD_NAME_LENGTH = 100;
