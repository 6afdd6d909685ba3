import { AppError } from './app-error';

/**
 * What an id in a path looks like (gen_random_uuid). No regex flags, so the OpenAPI document can
 * state it as it is.
 */
export const ID_PATTERN = /^[0-9a-fA-F-]{36}$/;

/**
 * Ids in the path are UUIDs (gen_random_uuid); anything else cannot exist, so it is a 404
 * without a lookup.
 */
export function parseId(id: string, notFoundMessage: string): string {
  if (!ID_PATTERN.test(id)) throw new AppError('NOT_FOUND', notFoundMessage);
  return id.toLowerCase();
}

/** A result id from the path: someone's own in /api/results and /api/progress, any in admin. */
export function parseResultId(id: string): string {
  return parseId(id, 'Result not found');
}
