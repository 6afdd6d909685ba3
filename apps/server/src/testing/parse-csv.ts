/**
 * Reads one of our CSV exports into rows of cells. Our cells are never quoted (ids, enums,
 * numbers, ISO times), so splitting reads them exactly; a quote means that no longer holds.
 */
export function parseCsv(text: string): string[][] {
  if (!text.endsWith('\r\n')) throw new Error('a CSV export ends with CRLF');
  if (text.includes('"')) throw new Error('parseCsv does not read quoted cells');
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => line.split(','));
}
