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

type Order = 'asc' | 'desc';

/**
 * Rows strictly after the cursor's key in the list's order: `desc` for newest first, `asc` for
 * soonest first, or one order per column when they differ (the highest total first, then the
 * lowest id). The columns are the sort key, in order; instants are read with `exactInstant`.
 */
export function afterCursor(
  order: Order | readonly Order[],
  columns: readonly PgColumn[],
  key: readonly (string | number)[] | undefined,
): SQL | undefined {
  if (!key) return undefined;
  const parts = columns.map((column, index) => ({
    column,
    value: bound(column, key[index] as string | number),
    order: typeof order === 'string' ? order : (order[index] ?? 'asc'),
  }));
  if (parts.every((part) => part.order === parts[0]?.order)) {
    const left = sql.join([...columns], sql`, `);
    const right = sql.join(
      parts.map((part) => part.value),
      sql`, `,
    );
    return parts[0]?.order === 'desc' ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  // Mixed orders: after the key on the first column, or equal to it and after on the rest.
  return parts.reduceRight<SQL | undefined>((rest, { column, value, order: direction }) => {
    const beyond = direction === 'desc' ? sql`${column} < ${value}` : sql`${column} > ${value}`;
    return rest ? sql`(${beyond} or (${column} = ${value} and ${rest}))` : beyond;
  }, undefined);
}

/** A part of a sort key that may be null, or an expression (`lower(pseudo)`): see `afterKey`. */
export interface KeyPart {
  expression: SQL | PgColumn;
  order: Order;
  /** Nulls sort as PostgreSQL puts them: last in `asc`, first in `desc`. */
  nullable?: boolean;
}

/**
 * Rows strictly after the key in the order of these parts, for a key `afterCursor` cannot read:
 * parts that are expressions or may be null (the member list's sorts). Values are bound as
 * they are; an instant column is read with `exactInstant` and cast.
 */
export function afterKey(
  parts: readonly KeyPart[],
  key: readonly (string | number | null)[],
): SQL | undefined {
  return parts.reduceRight<SQL | undefined>((rest, part, index) => {
    const { expression, order, nullable = false } = part;
    const value = key[index] ?? null;
    const bind = (known: string | number) =>
      'columnType' in expression ? bound(expression, known) : sql`${known}`;
    let beyond: SQL;
    let equal: SQL;
    if (value === null) {
      // Nulls are last in asc (nothing is beyond them), first in desc (every value is).
      beyond = order === 'asc' ? sql`false` : sql`${expression} is not null`;
      equal = sql`${expression} is null`;
    } else {
      const compared =
        order === 'desc'
          ? sql`${expression} < ${bind(value)}`
          : sql`${expression} > ${bind(value)}`;
      beyond = nullable && order === 'asc' ? sql`(${compared} or ${expression} is null)` : compared;
      equal = sql`${expression} = ${bind(value)}`;
    }
    return rest ? sql`(${beyond} or (${equal} and ${rest}))` : beyond;
  }, undefined);
}
