import {
  DEFAULT_USER_PAGE_SIZE,
  ROLES,
  USER_PAGE_SIZES,
  USER_SORT_FIELDS,
  type UsersSort,
} from '@guildhall/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { UsersListParams } from '@/lib/users/user-query-keys';

/** The longest search the API takes. */
export const SEARCH_MAX_LENGTH = 64;
const MAX_PAGE = 1_000_000;

export const DEFAULT_USERS_LIST_QUERY: UsersListParams = {
  page: 1,
  pageSize: DEFAULT_USER_PAGE_SIZE,
  role: undefined,
  q: '',
  sort: 'pseudo',
};

const SORTS: readonly UsersSort[] = USER_SORT_FIELDS.flatMap((field) => [
  field,
  `-${field}` as const,
]);

/**
 * The list's state as the address holds it (`?page&pageSize&role&q&sort`), so that reloading,
 * sharing the address, back and forward all work. Anything unexpected takes the default.
 */
export function parseUsersListParams(params: URLSearchParams): UsersListParams {
  const page = Number(params.get('page'));
  const pageSize = USER_PAGE_SIZES.find((size) => String(size) === params.get('pageSize'));
  const role = ROLES.find((known) => known === params.get('role'));
  const sort = SORTS.find((known) => known === params.get('sort'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    pageSize: pageSize ?? DEFAULT_USERS_LIST_QUERY.pageSize,
    role,
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
    sort: sort ?? DEFAULT_USERS_LIST_QUERY.sort,
  };
}

/** The address's query string for `query`, leaving out what is the default. */
export function usersListSearchParams(query: UsersListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.role) params.set('role', query.role);
  if (query.sort !== DEFAULT_USERS_LIST_QUERY.sort) params.set('sort', query.sort);
  if (query.pageSize !== DEFAULT_USERS_LIST_QUERY.pageSize) {
    params.set('pageSize', String(query.pageSize));
  }
  if (query.page !== 1) params.set('page', String(query.page));
  return params;
}

/** The list's state, and a way to change part of it (a new history entry unless `replace`). */
export function useUsersListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseUsersListParams(searchParams), [searchParams]);

  const update = useCallback(
    (changes: Partial<UsersListParams>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => usersListSearchParams({ ...parseUsersListParams(current), ...changes }),
        { replace },
      );
    },
    [setSearchParams],
  );

  return { query, update };
}
