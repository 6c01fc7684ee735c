import {
  LEDGER_CSV_COLUMNS,
  ledgerQuerySchema,
  type LedgerCsvQuery,
  type LedgerLine,
} from '@guildhall/contract';
import type { Db } from '../../db/client.js';
import { seasons } from '../../db/schema.js';
import { csvLines } from '../users/export-members.js';
import { guardFormula } from '../users/member-csv-cells.js';
import { readLedger } from './read-ledger.js';

/** Lines read per query: a ledger of 5 million lines never sits in memory at once. */
export const LEDGER_CSV_PAGE_SIZE = 1000;

function ledgerCsvCells(
  line: LedgerLine,
  seasonNames: ReadonlyMap<string, string>,
): Record<(typeof LEDGER_CSV_COLUMNS)[number], string> {
  return {
    date: line.created_at,
    member: line.member.pseudo,
    season: seasonNames.get(line.season_id) ?? line.season_id,
    points: String(line.points),
    source: line.source,
    reason: line.reason,
    detail: line.detail ?? '',
    granted_by: line.granted_by?.pseudo ?? '',
  };
}

/**
 * The ledger's lines matching the filters as CSV, newest first, a page at a time, written as the
 * member export writes its file (a byte order mark, CRLF, formulas guarded: decision 035). A
 * negative number of points is a number, not a formula: the guard would quote it too, which a
 * spreadsheet still reads as text, so points are written as they are.
 */
export async function* exportLedgerCsv(db: Db, filter: LedgerCsvQuery): AsyncGenerator<string> {
  yield `\uFEFF${csvLines([[...LEDGER_CSV_COLUMNS]])}`;
  const seasonNames = new Map(
    (await db.select({ id: seasons.id, name: seasons.name }).from(seasons)).map((season) => [
      season.id,
      season.name,
    ]),
  );
  let cursor: [string, string] | undefined;
  for (;;) {
    const page = await readLedger(db, { ...filter, cursor, limit: LEDGER_CSV_PAGE_SIZE });
    yield csvLines(
      page.items.map((line) => {
        const cells = ledgerCsvCells(line, seasonNames);
        return LEDGER_CSV_COLUMNS.map((column) =>
          column === 'points' ? cells.points : guardFormula(cells[column]),
        );
      }),
    );
    if (!page.next_cursor) return;
    cursor = ledgerQuerySchema.shape.cursor.parse(page.next_cursor);
  }
}
