/** A value of one export cell; null is written as an empty cell. */
export type CellValue = string | number | boolean | null;

/**
 * Characters a spreadsheet runs a cell as a formula after (OWASP "CSV injection"): = + - @, their
 * full-width forms (U+FF1D, U+FF0B, U+FF0D, U+FF20), which some programs read as the ASCII ones,
 * and tab and CR, which open a cell in some. Character codes rather than a regular expression:
 * exports write millions of cells.
 */
const FORMULA_START_CODES = new Set([61, 43, 45, 64, 0xff1d, 0xff0b, 0xff0d, 0xff20, 9, 13]);

/**
 * Characters a spreadsheet may skip before it looks for a formula: white space, line breaks, the
 * non-breaking and other Unicode spaces, and the zero-width ones (U+200B-U+200D, U+2060, U+FEFF).
 */
function isSkippedBeforeFormula(code: number): boolean {
  return (
    code <= 32 ||
    code === 0xa0 ||
    code === 0x1680 ||
    code === 0x180e ||
    (code >= 0x2000 && code <= 0x200d) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x2060 ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Whether a spreadsheet could read the text as a formula once it skips leading blanks. */
export function looksLikeFormula(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (FORMULA_START_CODES.has(code)) return true;
    if (!isSkippedBeforeFormula(code)) return false;
  }
  return false;
}

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text that could run
 * as a formula gets a leading apostrophe, which spreadsheets show as text; numbers are written as
 * numbers.
 */
export function toCsvCell(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = looksLikeFormula(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record with its CRLF line ending (RFC 4180). */
export function toCsvLine(values: readonly CellValue[]): string {
  return `${values.map(toCsvCell).join(',')}\r\n`;
}
