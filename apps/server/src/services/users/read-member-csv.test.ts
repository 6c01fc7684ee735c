import { describe, expect, it } from 'vitest';
import { guardFormula, unguardFormula } from './member-csv-cells.js';
import { readMemberCsv } from './read-member-csv.js';

const read = (text: string) => readMemberCsv(Buffer.from(text, 'utf8'));

describe('readMemberCsv', () => {
  it('reads `,` and `;` files, CRLF or LF, header names without case, cells trimmed', () => {
    for (const text of ['Pseudo,Town\r\n lea , Lyon \r\n', 'PSEUDO;town\nlea;Lyon\n']) {
      expect(read(text)).toEqual({
        ok: true,
        columns: ['pseudo', 'town'],
        rows: [{ line: 2, cells: { pseudo: 'lea', town: 'Lyon' } }],
      });
    }
  });

  it('numbers rows by the line they start on, blank lines and line breaks in cells counted', () => {
    const reading = read('pseudo,address\r\n\r\nlea,"1 rue\r\nBât. B"\r\nmax,\r\n');
    expect(reading.ok && reading.rows.map(({ line, cells }) => [line, cells.address])).toEqual([
      [3, '1 rue\r\nBât. B'],
      [5, ''],
    ]);
  });

  it('takes a semicolon inside quotes for text, not for a separator', () => {
    const reading = read('pseudo;team\r\nlea;"Main; roster"\r\n');
    expect(reading.ok && reading.rows[0]?.cells.team).toBe('Main; roster');
  });

  it('refuses a NUL character where it is', () => {
    expect(read('pseudo\r\nlea\r\nm\u0000x\r\n')).toEqual({
      ok: false,
      problems: [{ line: 3, column: null, code: 'malformed_csv' }],
    });
  });
});

describe('the formula guard', () => {
  it('defuses what a spreadsheet would run, and gives it back as it was', () => {
    for (const cell of ['=1+1', '+33 6', '-Main', '@SUM(A1)', '\tx', '\rx']) {
      expect(guardFormula(cell)).toBe(`'${cell}`);
      expect(unguardFormula(guardFormula(cell))).toBe(cell);
    }
  });

  it('leaves other cells alone, an apostrophe of their own included', () => {
    for (const cell of ['Léa', "'quoted'", "O'Brien", '', '1=1']) {
      expect(guardFormula(cell)).toBe(cell);
      expect(unguardFormula(cell)).toBe(cell);
    }
  });
});
