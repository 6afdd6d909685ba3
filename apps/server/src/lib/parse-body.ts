import type { Text } from '@cogni/domain';
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './app-error';
import { parseInput } from './parse-input';
import { readBodyText } from './read-body';

const NOT_JSON: Text = /*i18n*/ {
  id: 'errors.bodyNotJson',
  message: 'Request body must be valid JSON',
};

/** Reads the JSON body and validates it; any problem is a 400 naming the fields. */
export async function parseJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.output<S>> {
  return parseInput(await readJsonBody(c), schema);
}

/** The body parsed as JSON, not validated; a 400 if it is not JSON. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const text = await readBodyText(c);
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('BAD_REQUEST', NOT_JSON);
  }
}
