import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/*
 * Keyset paging (decision 061): a page starts after the last row of the page before, compared on
 * the list's sort key, so that rows added or removed meanwhile neither repeat nor vanish.
 */

/** The instant as text to the microsecond: a JavaScript date would drop the last three digits. */
export const exactInstant = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** A key part read from a cursor, as SQL: instants are cast, numbers and ids bound as they are. */
const bound = (column: PgColumn, value: string | number) =>
  column.columnType === 'PgTimestamp' ? sql`${value}::timestamptz` : sql`${value}`;

/**
 * Rows strictly after the cursor's key in the list's order: `desc` for newest first, `asc` for
 * soonest first. The columns are the sort key, in order; instants are read with `exactInstant`.
 */
export function afterCursor(
  order: 'asc' | 'desc',
  columns: readonly PgColumn[],
  key: readonly (string | number)[] | undefined,
): SQL | undefined {
  if (!key) return undefined;
  const left = sql.join([...columns], sql`, `);
  const right = sql.join(
    columns.map((column, index) => bound(column, key[index] as string | number)),
    sql`, `,
  );
  return order === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
}
