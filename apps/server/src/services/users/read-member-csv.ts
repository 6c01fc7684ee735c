import {
  MEMBER_CSV_COLUMNS,
  MEMBER_CSV_MAX_ROWS,
  memberCsvColumnOf,
  type MemberCsvColumn,
  type MemberImportProblem,
} from '@guildhall/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { unguardFormula } from './member-csv-cells.js';

/** A row of the file: its line (the header is line 1) and its cells by column, trimmed. */
export interface MemberCsvRow {
  line: number;
  cells: Partial<Record<MemberCsvColumn, string>>;
}

export type MemberCsvReading =
  | { ok: true; columns: MemberCsvColumn[]; rows: MemberCsvRow[] }
  | { ok: false; problems: MemberImportProblem[] };

const fileProblem = (
  code: MemberImportProblem['code'],
  line: number | null = null,
  params?: MemberImportProblem['params'],
): MemberImportProblem => ({ line, column: null, code, ...(params && { params }) });

const isColumn = (name: string): name is MemberCsvColumn =>
  (MEMBER_CSV_COLUMNS as readonly string[]).includes(name);

/**
 * The line a record starts on, from where the record before it ends (blank lines skipped, as
 * the parser skips them), counting line feeds once, from the start of the file forward: a
 * spreadsheet's row number, a cell's own line breaks included.
 */
function lineCounter(source: Buffer): (previousEnd: number) => number {
  let position = 0;
  let line = 1;
  return (previousEnd) => {
    let start = previousEnd;
    while (source[start] === 0x0d || source[start] === 0x0a) start++;
    for (; position < start; position++) if (source[position] === 0x0a) line++;
    return line;
  };
}

/** Excel in French separates with `;`: the header says which separator the file uses. */
function separatorOf(text: string): ',' | ';' {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (separator: string) => header.split(separator).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/**
 * Reads an uploaded member list: UTF-8 (a byte order mark is fine, other encodings are refused
 * rather than guessed), `,` or `;`, CRLF or LF, a header naming known columns (or their older
 * names), `pseudo` among them. Blank lines are skipped. Says what is wrong with the file as a
 * whole, or its rows.
 */
export function readMemberCsv(bytes: Buffer): MemberCsvReading {
  let text: string;
  try {
    // The decoder drops a leading byte order mark.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problems: [fileProblem('not_utf8')] };
  }
  if (text.trim() === '') return { ok: false, problems: [fileProblem('empty_file')] };
  // PostgreSQL text cannot hold a NUL character: refused here rather than failing there.
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    const line = text.slice(0, nul).split('\n').length;
    return { ok: false, problems: [fileProblem('malformed_csv', line)] };
  }

  // Parsed as bytes: the records' offsets (`info.bytes`, where each ends) then say their lines.
  const source = Buffer.from(text, 'utf8');
  let records: { record: string[]; info: { bytes: number } }[];
  try {
    // With `info`, csv-parse answers each record with its position, which its types do not say.
    records = parse(source, {
      delimiter: separatorOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // A quote never closed is only found at the end of the file, far from where it opened.
    const line =
      typeof error.lines === 'number' && error.code !== 'CSV_QUOTE_NOT_CLOSED' ? error.lines : null;
    return { ok: false, problems: [fileProblem('malformed_csv', line)] };
  }

  const [header, ...body] = records;
  if (!header) return { ok: false, problems: [fileProblem('empty_file')] };
  // `surname` and `first_name` in one file are one column given twice.
  const names = header.record.map((name) => memberCsvColumnOf(name) ?? name.trim().toLowerCase());
  const problems: MemberImportProblem[] = [];
  names.forEach((name, index) => {
    const column = header.record[index] ?? name;
    if (!isColumn(name)) problems.push({ line: 1, column, code: 'unknown_column' });
    else if (names.indexOf(name) !== index) {
      problems.push({ line: 1, column, code: 'duplicate_column' });
    }
  });
  if (!names.includes('pseudo')) problems.push(fileProblem('missing_pseudo_column', 1));
  const isBlank = (record: string[]) => record.every((cell) => cell.trim() === '');
  if (body.filter(({ record }) => !isBlank(record)).length > MEMBER_CSV_MAX_ROWS) {
    problems.push(fileProblem('too_many_rows', null, { maximum: MEMBER_CSV_MAX_ROWS }));
  }
  if (problems.length > 0) return { ok: false, problems };

  const columns = names.filter(isColumn);
  const lineOf = lineCounter(source);
  const read: MemberCsvRow[] = [];
  let end = header.info.bytes;
  for (const { record, info } of body) {
    const line = lineOf(end);
    end = info.bytes;
    if (isBlank(record)) continue;
    if (record.length > names.length) {
      problems.push(fileProblem('malformed_csv', line));
      continue;
    }
    const cells: MemberCsvRow['cells'] = {};
    columns.forEach((column, index) => {
      cells[column] = unguardFormula((record[index] ?? '').trim());
    });
    read.push({ line, cells });
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, columns, rows: read };
}
