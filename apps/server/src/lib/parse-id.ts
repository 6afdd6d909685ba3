import { AppError } from './app-error';

/**
 * Ids in the path are UUIDs (gen_random_uuid); anything else cannot exist, so it is a 404
 * without a lookup.
 */
export function parseId(id: string, notFoundMessage: string): string {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', notFoundMessage);
  return id.toLowerCase();
}
