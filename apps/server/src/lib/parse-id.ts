import type { Text } from '@cogni/domain';
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
export function parseId(id: string, notFoundMessage: Text): string {
  if (!ID_PATTERN.test(id)) throw new AppError('NOT_FOUND', notFoundMessage);
  return id.toLowerCase();
}

/** The 404 of a result that does not exist, or is not the caller's. */
export const RESULT_NOT_FOUND: Text = /*i18n*/ {
  id: 'errors.resultNotFound',
  message: 'Result not found',
};

/** A result id from the path: someone's own in /api/results and /api/progress, any in admin. */
export function parseResultId(id: string): string {
  return parseId(id, RESULT_NOT_FOUND);
}
