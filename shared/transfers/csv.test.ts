import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, CsvParseError, csvCell, csvRow, parseCsv, toCsv } from './csv';

describe('csvCell', () => {
  it('quotes cells holding commas, quotes, line breaks or edge spaces, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Smith, Ann')).toBe('"Smith, Ann"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  it('writes a text a spreadsheet would run as a formula behind an apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+1 415 555 0199')).toBe("'+1 415 555 0199");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe('"\'\tcmd"');
  });

  it('defuses a formula character that follows a separator inside a cell, and quotes a semicolon or a tab', () => {
    expect(csvCell("Bob;=cmd|' /C calc'!A0")).toBe(`"Bob;'=cmd|' /C calc'!A0"`);
    expect(csvCell('a,+1')).toBe(`"a,'+1"`);
    expect(csvCell('a\t@SUM(A1)')).toBe(`"a\t'@SUM(A1)"`);
    expect(csvCell('line\n-2')).toBe(`"line\n'-2"`);
    expect(csvCell("x;'=y")).toBe(`"x;''=y"`);
    expect(csvCell('Smith-Jones; Ann')).toBe('"Smith-Jones; Ann"');
  });

  it('leaves no part of a cell, split at any separator, starting with a formula character (property)', () => {
    const cell = fc.string({ unit: fc.constantFrom(...'aZ9 ,;"\'\n\r\t=+-@'.split('')), maxLength: 16 });
    fc.assert(
      fc.property(cell, (value) => {
        const written = csvCell(value);
        const inner = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
        for (const part of inner.split(/[,;\t\r\n]/)) expect(part).not.toMatch(/^[=+\-@]/);
      }),
      { numRuns: 500 },
    );
  });

  it('writes numbers, booleans and blanks as they are', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('toCsv', () => {
  it('starts with the BOM and ends every record with CRLF', () => {
    expect(toCsv(['Name', 'Email'], [['Ann', 'ann@example.com']])).toBe(`${CSV_BOM}Name,Email\r\nAnn,ann@example.com\r\n`);
    expect(csvRow(['a', 'b'])).toBe('a,b\r\n');
  });
});

describe('parseCsv', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks; CRLF, LF and a BOM', () => {
    expect(parseCsv(`${CSV_BOM}name,notes\r\n"Smith, Ann","said ""hi""\nthen left"\nBob,\n`)).toEqual([
      ['name', 'notes'],
      ['Smith, Ann', 'said "hi"\nthen left'],
      ['Bob', ''],
    ]);
  });

  it('skips blank lines and reads a last record without a line end', () => {
    expect(parseCsv('a,b\n\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('names the line of a quote left open', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(new CsvParseError('Line 2: a quoted cell is never closed', 2));
  });

  it('reads back exactly what was written, formula-like texts and apostrophes included', () => {
    const cell = fc.string({ unit: fc.constantFrom(...'aZé9 ,;"\'\n\r\t=+-@'.split('')), maxLength: 12 });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 6 }), (rows) => {
        const [header, ...body] = rows as [string[], ...string[][]];
        const width = header.length;
        const table = [header, ...body.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''))];
        expect(parseCsv(toCsv(table[0]!, table.slice(1)))).toEqual(table);
      }),
    );
  });
});
