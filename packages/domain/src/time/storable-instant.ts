import { englishText } from '../texts';

/**
 * The instants PostgreSQL's timestamptz and ISO 8601 text both hold: PostgreSQL has no year 0
 * (0000-01-01 is a database error), and a year past 9999 needs a sign. Found by fuzzing the
 * admin date filters. Reading back is another matter: see the trial clock times in trial.ts.
 */
export const FIRST_STORABLE_MS = Date.parse('0001-01-01T00:00:00.000Z');
export const LAST_STORABLE_MS = Date.parse('9999-12-31T23:59:59.999Z');

export const STORABLE_YEARS_MESSAGE = englishText(
  /*i18n*/ { id: 'validation.storableYears', message: 'Use a year from 0001 to 9999' },
);

export function isStorableInstant(ms: number): boolean {
  return ms >= FIRST_STORABLE_MS && ms <= LAST_STORABLE_MS;
}
