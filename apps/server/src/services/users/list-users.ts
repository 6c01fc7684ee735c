import { LATEST_USERS_COUNT, type UsersListQuery } from '@guildhall/contract';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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

/** One page of the member list; a page past the end is clamped to the last one. */
export async function listUsers(
  db: Db,
  query: UsersListQuery,
): Promise<{ rows: UserRow[]; total: number; page: number }> {
  const filters: SQL[] = [];
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.q)
    filters.push(sql`lower(${users.pseudo}) like ${`%${escapeLike(query.q.toLowerCase())}%`}`);
  const where = filters.length > 0 ? and(...filters) : undefined;

  const [counted] = await db.select({ total: count() }).from(users).where(where);
  const total = counted?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(query.page, lastPage);
  const offset = (page - 1) * query.pageSize;
  const size = Math.max(0, Math.min(query.pageSize, total - offset));
  if (size === 0) return { rows: [], total, page };

  const descending = query.sort.startsWith('-');
  const columns = SORT_COLUMNS[query.sort.replace(/^-/, '')] ?? [];
  // Past the middle, read from the other end: an offset near the end would walk the whole index.
  const fromEnd = offset > total / 2;
  const direction = descending !== fromEnd ? desc : asc;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...columns.map((column) => direction(column)))
    .limit(size)
    .offset(fromEnd ? total - offset - size : offset);
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
