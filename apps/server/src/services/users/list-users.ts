import { LATEST_USERS_COUNT, type Role, type UsersListQuery } from '@guildhall/contract';
import { and, asc, count, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { preparedPerShape } from '../../db/prepared.js';
import { users, type UserRow } from '../../db/schema.js';

/**
 * Each sort is a total order (the id breaks ties) that an index serves, so a page is the same
 * rows whichever end it is read from.
 */
const SORT_COLUMNS: Record<string, SQL[]> = {
  pseudo: [sql`lower(${users.pseudo})`],
  name: [sql`lower(${users.name})`, sql`${users.id}`],
  surname: [sql`lower(${users.surname})`, sql`${users.id}`],
  birthday: [sql`${users.birthday}`, sql`${users.id}`],
  role: [sql`${users.role}`, sql`lower(${users.pseudo})`],
  created_at: [sql`${users.createdAt}`, sql`${users.id}`],
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

const pageStatement = preparedPerShape((db, key) => {
  const [filterKey = '', sort = 'pseudo', order = 'asc'] = key.split(':');
  const direction = order === 'desc' ? desc : asc;
  return db
    .select()
    .from(users)
    .where(filtersOf(filterKey))
    .orderBy(...(SORT_COLUMNS[sort] ?? []).map((column) => direction(column)))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`users_page${filterKey}_${sort}_${order}`);
});

/** One page of the member list; a page past the end is clamped to the last one. */
export async function listUsers(
  db: Db,
  query: UsersListQuery,
): Promise<{ rows: UserRow[]; total: number; page: number }> {
  const filterKey = `${query.role ? '_role' : ''}${query.q ? '_search' : ''}`;
  const values = {
    role: query.role,
    pattern: query.q ? searchPattern(query.q) : undefined,
  };

  const [counted] = await countStatement(db, filterKey).execute(values);
  const total = counted?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(query.page, lastPage);
  const offset = (page - 1) * query.pageSize;
  const size = Math.max(0, Math.min(query.pageSize, total - offset));
  if (size === 0) return { rows: [], total, page };

  const descending = query.sort.startsWith('-');
  // Past the middle, read from the other end: an offset near the end would walk the whole index.
  const fromEnd = offset > total / 2;
  const order = descending !== fromEnd ? 'desc' : 'asc';
  const rows = await pageStatement(
    db,
    `${filterKey}:${query.sort.replace(/^-/, '')}:${order}`,
  ).execute({ ...values, limit: size, offset: fromEnd ? total - offset - size : offset });
  return { rows: fromEnd ? rows.reverse() : rows, total, page };
}

/** The newest members, newest first. */
export async function latestUsers(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(LATEST_USERS_COUNT);
}
