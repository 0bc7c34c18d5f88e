/**
 * The CSV dialect of the translation sheet (scripts/content/sheet.ts): what German Excel opens with
 * a double click and saves back as "CSV UTF-8" — UTF-8 with a byte order mark, `;` between cells,
 * CRLF between rows, a cell quoted when it holds a `;`, a quote or a line break.
 */

export const BOM = '\uFEFF';
export const SEPARATOR = ';';

function cell(value: string): string {
  return /[;,"\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

export function writeCsv(rows: readonly (readonly string[])[]): string {
  return `${BOM}${rows.map((row) => row.map(cell).join(SEPARATOR)).join('\r\n')}\r\n`;
}

export interface CsvRecord {
  cells: string[];
  /** The line of the file the record starts on (1 = header). */
  line: number;
  /** The row number a spreadsheet shows (1 = header); differs from `line` after a cell with line breaks. */
  row: number;
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/**
 * Parses CSV text. The separator is taken from the header line: `;` (German Excel) unless the
 * header has only commas (a spreadsheet set to English saves those). A BOM is dropped.
 */
export function parseCsv(text: string): CsvRecord[] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const headerEnd = source.search(/\r?\n|$/);
  const header = source.slice(0, headerEnd);
  const separator = !header.includes(';') && header.includes(',') ? ',' : ';';

  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let value = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quoted = false;
  let atCellStart = true;
  const endRecord = () => {
    cells.push(value);
    // A blank line (one empty cell) is no row; spreadsheets append one at the end.
    if (!(cells.length === 1 && cells[0] === ''))
      records.push({ cells, line: recordLine, row: records.length + 1 });
    cells = [];
    value = '';
    atCellStart = true;
  };
  while (i < source.length) {
    const char = source[i] as string;
    if (quoted) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          value += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (char === '\n') line++;
      // Excel writes a line break inside a cell as CRLF; the text keeps a plain line break.
      if (char === '\r' && source[i + 1] === '\n') {
        i++;
        continue;
      }
      value += char;
      i++;
      continue;
    }
    if (char === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
      i++;
      continue;
    }
    if (char === separator) {
      cells.push(value);
      value = '';
      atCellStart = true;
      i++;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && source[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    value += char;
    atCellStart = false;
    i++;
  }
  if (quoted) throw new CsvError('a quoted cell is never closed — a " is missing at its end', recordLine);
  if (value !== '' || cells.length > 0) endRecord();
  return records;
}
