import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './app-error';
import { parseInput } from './parse-input';

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
  return parseInput(raw, schema);
}
