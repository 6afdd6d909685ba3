/** A value of one export cell; null is written as an empty cell. */
export type CellValue = string | number | boolean | null;

/**
 * Spreadsheet programs run a cell that starts with one of these as a formula (OWASP "CSV
 * injection"); such text cells get a leading apostrophe. Numbers are written as numbers.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. */
export function toCsvCell(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line ending (RFC 4180). */
export function toCsvLine(values: readonly CellValue[]): string {
  return `${values.map(toCsvCell).join(',')}\r\n`;
}
