/**
 * CSV as spreadsheets read and write it (RFC 4180): the one encoder of the exports and the one parser of the
 * imports, web and API alike. Pure, no dependencies.
 *
 * Writing: UTF-8 with a byte-order mark (so Excel reads accents right), CRLF line ends, a cell quoted when it holds a
 * comma, a quote, a line break or edge spaces, quotes doubled. Formula injection: a text cell a spreadsheet would run
 * as a formula (it begins with `=`, `+`, `-`, `@`, a tab or a carriage return) is written with a leading apostrophe,
 * which spreadsheets show as text; so that an export re-imports to the same values, the parser removes exactly that
 * apostrophe again, and a value that itself begins with apostrophes before such a character gets one more. The same
 * holds after every separator inside a cell (a comma, a semicolon, a tab or a line break): a spreadsheet set to
 * another list separator, or a tool that ignores quotes, splits `Bob;=cmd|' /C calc'!A0` into two cells, the second
 * a formula; written `Bob;'=cmd|' /C calc'!A0`, no part of the cell starts with one (docs/security.md, "CSV
 * exports"). A cell holding a semicolon or a tab is also quoted, so such a spreadsheet keeps it whole.
 */

/** Starts every exported file: UTF-8's byte-order mark. */
export const CSV_BOM = '\uFEFF';
export const CSV_LINE_END = '\r\n';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Where a spreadsheet may start a cell (the start of the text, or just after a separator) followed by a character
 * it would evaluate, possibly behind apostrophes already added by an export: the writer puts one apostrophe there.
 */
const FORMULA_STARTS = /(?<=^|[,;\t\r\n])(?='*[=+\-@\t\r])/g;
/** The apostrophe the writer put at such a place: the parser removes it. */
const FORMULA_GUARDS = /(?<=^|[,;\t\r\n])'(?='*[=+\-@\t\r])/g;

/** One cell, escaped and quoted as needed. Numbers and booleans are written as they are (a negative number stays a number). */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = value.replace(FORMULA_STARTS, "'");
  return /[",;\t\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its line end. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}${CSV_LINE_END}`;
}

/** A whole file at once (small exports and tests); large exports write `csvRow` by `csvRow` behind `CSV_BOM`. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let out = CSV_BOM + csvRow(header);
  for (const row of rows) out += csvRow(row);
  return out;
}

export class CsvParseError extends Error {
  override readonly name = 'CsvParseError';
  constructor(
    message: string,
    /** 1-based line of the file where the problem starts. */
    readonly line: number,
  ) {
    super(message);
  }
}

/** Removes the apostrophes an export put before formula-like texts. */
function unescapeFormula(cell: string): string {
  return cell.includes("'") ? cell.replace(FORMULA_GUARDS, '') : cell;
}

/**
 * Parses CSV text into records of cells: a leading BOM is dropped, quoted cells may hold commas, doubled quotes and
 * line breaks, CRLF and LF both end a record, blank lines are skipped (so is a one-column record whose cell is
 * empty: the exports always have several columns). A quote left open is a CsvParseError naming
 * its line.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith(CSV_BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 1;
  const endCell = () => {
    record.push(unescapeFormula(cell));
    cell = '';
  };
  const endRecord = () => {
    endCell();
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
  };
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') endCell();
    else if (char === '\r' && input[i + 1] === '\n') {
      i++;
      endRecord();
      line++;
    } else if (char === '\n' || char === '\r') {
      endRecord();
      line++;
    } else cell += char;
  }
  if (quoted) throw new CsvParseError(`Line ${quoteLine}: a quoted cell is never closed`, quoteLine);
  if (cell !== '' || record.length > 0) endRecord();
  return records;
}
