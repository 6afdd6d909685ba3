/**
 * Reads one of our CSV exports into rows of cells (RFC 4180: CRLF records, quoted cells with
 * doubled quotes and line breaks inside). Refuses text that does not end with CRLF or leaves a
 * quote open, so a truncated export fails the test that reads it.
 */
export function parseCsv(text: string): string[][] {
  if (!text.endsWith('\r\n')) throw new Error('a CSV export ends with CRLF');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else {
      cell += char;
    }
  }
  if (quoted) throw new Error('a quoted CSV cell is not closed');
  return rows;
}
