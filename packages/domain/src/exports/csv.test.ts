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

  it('defuses a formula behind white space, line breaks and invisible or full-width characters', () => {
    const formulaAfter = [
      ' ',
      '  \t',
      '\n',
      '\r\n',
      '\u00a0',
      '\u200b',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u3000',
      '\u2003',
    ];
    for (const prefix of formulaAfter) {
      for (const start of ['=', '+', '-', '@', '\uff1d', '\uff0b', '\uff0d', '\uff20']) {
        const cell = toCsvCell(`${prefix}${start}CMD()`);
        // The apostrophe comes first, inside the quotes when the cell needs them.
        expect(cell.replace(/^"/, '').startsWith("'"), JSON.stringify(prefix + start)).toBe(true);
      }
    }
    expect(toCsvCell('\uff1dHYPERLINK("x")')).toBe('"\'\uff1dHYPERLINK(""x"")"');
    expect(toCsvCell(' =1+1')).toBe("' =1+1");
  });

  it('leaves text alone that only contains formula characters later on', () => {
    expect(toCsvCell('a=b')).toBe('a=b');
    expect(toCsvCell(' x-1')).toBe(' x-1');
    expect(toCsvCell('\u200bword')).toBe('\u200bword');
    expect(toCsvCell('   ')).toBe('   ');
    expect(toCsvCell('')).toBe('');
  });
});
