import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './app-error';

/** Reads the JSON body and validates it; any problem is a 400 naming the fields. */
export async function parseJsonBody<S extends z.ZodType>(
  c: Context,
  schema: S,
): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST', 'Request body must be valid JSON');
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // A null-prototype object: a field named __proto__ must stay a plain key.
  const fields: Record<string, string> = Object.create(null);
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
