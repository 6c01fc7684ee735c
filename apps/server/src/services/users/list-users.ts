import {
  encodeCursor,
  LATEST_USERS_COUNT,
  type Role,
  type UserSortField,
  type UsersListQuery,
} from '@guildhall/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { afterKey, exactInstant, type KeyPart } from '../../db/keyset.js';
import { preparedPerShape } from '../../db/prepared.js';
import { users, type UserRow } from '../../db/schema.js';

interface SortPart {
  /** As the list orders by it (an index serves each sort). */
  expression: SQL | typeof users.id;
  /** As a cursor holds it: text (an instant to the microsecond), or null. */
  key: SQL<string | null>;
  nullable?: boolean;
}

const text = (expression: SQL) => sql<string | null>`(${expression})::text`;
const byId: SortPart = { expression: users.id, key: sql<string>`${users.id}` };
const lowerPseudo: SortPart = {
  expression: sql`lower(${users.pseudo})`,
  key: sql<string>`lower(${users.pseudo})`,
};

/**
 * Each sort is a total order (the id breaks ties) that an index serves; a page starts after the
 * last member of the page before, by keyset on the sort's parts (decision 061).
 */
const SORTS: Record<UserSortField, SortPart[]> = {
  pseudo: [lowerPseudo, byId],
  name: [
    { expression: sql`lower(${users.name})`, key: sql`lower(${users.name})`, nullable: true },
    byId,
  ],
  surname: [
    { expression: sql`lower(${users.surname})`, key: sql`lower(${users.surname})`, nullable: true },
    byId,
  ],
  birthday: [
    { expression: sql`${users.birthday}`, key: text(sql`${users.birthday}`), nullable: true },
    byId,
  ],
  role: [{ expression: sql`${users.role}`, key: sql<string>`${users.role}` }, lowerPseudo, byId],
  created_at: [{ expression: sql`${users.createdAt}`, key: exactInstant(users.createdAt) }, byId],
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The list's filters: a role, and a `like` pattern over the pseudo, as values or placeholders. */
function memberFilters(values: {
  role?: Role | SQLWrapper;
  pattern?: string | SQLWrapper;
}): SQL | undefined {
  const filters: SQL[] = [];
  if (values.role !== undefined) filters.push(eq(users.role, values.role));
  if (values.pattern !== undefined)
    filters.push(sql`lower(${users.pseudo}) like ${values.pattern}`);
  return filters.length > 0 ? and(...filters) : undefined;
}

const searchPattern = (q: string) => `%${escapeLike(q.toLowerCase())}%`;

/** The filters of a shape, their values given as placeholders (role, pattern). */
const filtersOf = (key: string) =>
  memberFilters({
    role: key.includes('role') ? sql.placeholder('role') : undefined,
    pattern: key.includes('search') ? sql.placeholder('pattern') : undefined,
  });

/** The members the list finds with this filter, whatever page and sort: a where clause. */
export const membersMatching = (filter: Pick<UsersListQuery, 'role' | 'q'>) =>
  memberFilters({ role: filter.role, pattern: filter.q ? searchPattern(filter.q) : undefined });

/** The member list's statements, one per shape of query (filters, sort, direction). */
const countStatement = preparedPerShape((db, filterKey) =>
  db
    .select({ total: count() })
    .from(users)
    .where(filtersOf(filterKey))
    .prepare(`count_users${filterKey}`),
);

/** The sort's values of a row, as its cursor holds them. */
const keyColumns = (parts: SortPart[]) =>
  Object.fromEntries(parts.map((part, index) => [`key${index}`, part.key])) as Record<
    string,
    SQL<string | null>
  >;

const sortOf = (sort: UsersListQuery['sort']) => ({
  field: sort.replace(/^-/, '') as UserSortField,
  order: sort.startsWith('-') ? ('desc' as const) : ('asc' as const),
});

/** The first page of each shape (filters, sort, direction), prepared: the list's usual read. */
const firstPageStatement = preparedPerShape((db, key) => {
  const [filterKey = '', field = 'pseudo', order = 'asc'] = key.split(':');
  const parts = SORTS[field as UserSortField];
  const direction = order === 'desc' ? desc : asc;
  return db
    .select({ ...getTableColumns(users), ...keyColumns(parts) })
    .from(users)
    .where(filtersOf(filterKey))
    .orderBy(...parts.map((part) => direction(part.expression)))
    .limit(sql.placeholder('limit'))
    .prepare(`users_page${filterKey}_${field}_${order}`);
});

/**
 * One page of the member list, filtered and sorted, from the cursor on, with how many members
 * the filter finds (the list shows it; a change for the whole filter confirms it).
 */
export async function listUsers(
  db: Db,
  query: UsersListQuery,
): Promise<{ rows: UserRow[]; next_cursor: string | null; total: number }> {
  const filterKey = `${query.role ? '_role' : ''}${query.q ? '_search' : ''}`;
  const values = {
    role: query.role,
    pattern: query.q ? searchPattern(query.q) : undefined,
  };
  const { field, order } = sortOf(query.sort);
  const parts = SORTS[field];
  const read = query.cursor
    ? db
        .select({ ...getTableColumns(users), ...keyColumns(parts) })
        .from(users)
        .where(
          and(
            membersMatching(query),
            afterKey(
              parts.map((part): KeyPart => ({
                expression: part.expression,
                order,
                nullable: part.nullable ?? false,
              })),
              query.cursor.slice(1),
            ),
          ),
        )
        .orderBy(...parts.map((part) => (order === 'desc' ? desc : asc)(part.expression)))
        .limit(query.limit + 1)
    : firstPageStatement(db, `${filterKey}:${field}:${order}`).execute({
        ...values,
        limit: query.limit + 1,
      });
  const [[counted], found] = await Promise.all([
    countStatement(db, filterKey).execute(values),
    read,
  ]);
  const page = found.slice(0, query.limit);
  const last = page.at(-1) as Record<string, unknown> | undefined;
  return {
    rows: page.map(stripKeys),
    next_cursor:
      found.length > query.limit && last
        ? encodeCursor([
            query.sort,
            ...parts.map((_, index) => (last[`key${index}`] as string | null) ?? null),
          ])
        : null,
    total: counted?.total ?? 0,
  };
}

/** The row without the sort values read beside it (`key0`, `key1`...). */
function stripKeys(row: Record<string, unknown>): UserRow {
  return Object.fromEntries(
    Object.entries(row).filter(([name]) => !/^key\d$/.test(name)),
  ) as unknown as UserRow;
}

/** The newest members, newest first. */
export async function latestUsers(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(LATEST_USERS_COUNT);
}
