import { MEMBER_CSV_COLUMNS } from '@guildhall/contract';
import { stringify } from 'csv-stringify/sync';
import { asc, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { listMembersTeams } from '../teams/list-members-teams.js';
import { guardFormula, memberCsvCells } from './member-csv-cells.js';

/** Members read per query: 100,000 members never sit in memory at once. */
export const EXPORT_PAGE_SIZE = 1000;

/** RFC 4180 with CRLF; a cell holding a line break is quoted too, which Excel expects. */
export const csvLines = (records: string[][]) =>
  stringify(records, { record_delimiter: 'windows', quoted_match: /[\r\n]/ });

/**
 * The member list as CSV, a page at a time: a byte order mark (Excel reads UTF-8 by it), the
 * header, then every member ordered by pseudo key, the unique index the pages follow, with the
 * teams of the page's members read in one query.
 */
export async function* exportMembersCsv(db: Db): AsyncGenerator<string> {
  yield `\uFEFF${csvLines([[...MEMBER_CSV_COLUMNS]])}`;
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select()
      .from(users)
      .where(after === undefined ? undefined : gt(users.pseudoKey, after))
      .orderBy(asc(users.pseudoKey))
      .limit(EXPORT_PAGE_SIZE);
    if (page.length === 0) return;
    const teams = await listMembersTeams({ db, userIds: page.map((row) => row.id) });
    yield csvLines(
      page.map((row) => {
        const cells = memberCsvCells(row, teams.get(row.id) ?? []);
        return MEMBER_CSV_COLUMNS.map((column) => guardFormula(cells[column]));
      }),
    );
    if (page.length < EXPORT_PAGE_SIZE) return;
    after = page[page.length - 1]?.pseudoKey;
  }
}
