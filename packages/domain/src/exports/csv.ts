/** A value of one export cell; null is written as an empty cell. */
export type CellValue = string | number | boolean | null;

/**
 * Spreadsheet programs run a cell that starts with one of these (= + - @ tab CR) as a formula
 * (OWASP "CSV injection"); such text cells get a leading apostrophe. Numbers are written as
 * numbers. Character codes rather than a regular expression: exports test millions of cells.
 */
const FORMULA_START_CODES = new Set([61, 43, 45, 64, 9, 13]);
const NEEDS_QUOTES = /[",\r\n]/;

/** One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. */
export function toCsvCell(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START_CODES.has(value.charCodeAt(0)) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line ending (RFC 4180). */
export function toCsvLine(values: readonly CellValue[]): string {
  return `${values.map(toCsvCell).join(',')}\r\n`;
}
