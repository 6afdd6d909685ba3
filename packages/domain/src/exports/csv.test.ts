import { describe, expect, it } from 'vitest';
import { toCsvCell, toCsvLine } from './csv';

describe('CSV cells', () => {
  it('writes plain values as they are and null as empty', () => {
    expect(toCsvLine(['abc', 512.123456, true, false, null, 0])).toBe(
      'abc,512.123456,true,false,,0\r\n',
    );
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(toCsvCell('a,b')).toBe('"a,b"');
    expect(toCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvCell('two\nlines')).toBe('"two\nlines"');
    expect(toCsvCell('cr\r')).toBe('"cr\r"');
  });

  it('defuses text a spreadsheet would run as a formula, but not numbers', () => {
    expect(toCsvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(toCsvCell('+1')).toBe("'+1");
    expect(toCsvCell('-1')).toBe("'-1");
    expect(toCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(toCsvCell(-1)).toBe('-1');
    expect(toCsvCell(Number.NaN)).toBe('');
  });
});
