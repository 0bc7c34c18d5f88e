import { describe, expect, it } from 'vitest';
import { BOM, parseCsv, writeCsv } from './csv.ts';

describe('the translation sheet CSV', () => {
  it('is UTF-8 with BOM, separated by semicolons, with CRLF rows, as German Excel opens it', () => {
    expect(
      writeCsv([
        ['Datei', 'Deutsch'],
        ['a.yaml', 'Hör gut zu.'],
      ]),
    ).toBe(`${BOM}Datei;Deutsch\r\na.yaml;Hör gut zu.\r\n`);
  });

  it('quotes cells with a semicolon, a quote, a line break or outer spaces, and reads them back', () => {
    const rows = [
      ['plain', 'a;b', 'er sagt "ja"', 'zwei\nZeilen', ' leading space', 'comma, too', 'Привіт!'],
      ['', '', '""', ';', '\n', 'x', 'ع'],
    ];
    const text = writeCsv(rows);
    expect(text).toContain('"a;b";"er sagt ""ja""";"zwei\nZeilen";" leading space";"comma, too"');
    expect(parseCsv(text).map((record) => record.cells)).toEqual(rows);
  });

  it('gives each record the line it starts on and the row a spreadsheet shows', () => {
    const records = parseCsv('h1;h2\r\n"two\r\nlines";x\r\nnext;y\r\n\r\n');
    expect(records.map((r) => [r.line, r.row, r.cells])).toEqual([
      [1, 1, ['h1', 'h2']],
      [2, 2, ['two\nlines', 'x']],
      [4, 3, ['next', 'y']],
    ]);
  });

  it('reads a sheet saved with commas by a spreadsheet set to English', () => {
    expect(parseCsv('Datei,Frage\na.yaml,"1;2"').map((r) => r.cells)).toEqual([
      ['Datei', 'Frage'],
      ['a.yaml', '1;2'],
    ]);
  });

  it('names the line of a quoted cell that is never closed', () => {
    expect(() => parseCsv('a;b\nc;"open\nstill open')).toThrow(
      expect.objectContaining({ line: 2, message: expect.stringContaining('never closed') }),
    );
  });
});
