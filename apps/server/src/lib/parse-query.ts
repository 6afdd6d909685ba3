import type { Context } from 'hono';
import type { z } from 'zod';
import { parseInput } from './parse-input';

/**
 * Validates the query string (each parameter's first value); any problem is a 400 naming the
 * parameters. Schemas are strict, so a misspelt filter is an error rather than silently ignored.
 */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseInput(c.req.query(), schema);
}
