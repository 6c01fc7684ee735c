import { USER_SEARCH_MAX_LENGTH, usersQuerySchema } from '@guildhall/contract';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { UsersListParams } from '@/lib/users/user-query-keys';

const fields = usersQuerySchema.shape;

export const DEFAULT_USERS_LIST_QUERY: UsersListParams = {
  role: undefined,
  q: '',
  sort: fields.sort.parse(undefined),
};

/** The parameter as the API's own schema reads it, or its default when the API would refuse it. */
function read<K extends 'role' | 'sort'>(params: URLSearchParams, key: K): UsersListParams[K] {
  const parsed = fields[key].safeParse(params.get(key) ?? undefined);
  return (parsed.success ? parsed.data : DEFAULT_USERS_LIST_QUERY[key]) as UsersListParams[K];
}

/**
 * The list's state as the address holds it (`?role&q&sort`), so that reloading,
 * sharing the address, back and forward all work. Anything the API would refuse takes the
 * default; a search longer than the API takes is cut.
 */
export function parseUsersListParams(params: URLSearchParams): UsersListParams {
  const search = fields.q.safeParse(params.get('q')?.trim().slice(0, USER_SEARCH_MAX_LENGTH));
  return {
    role: read(params, 'role'),
    q: (search.success && search.data) || '',
    sort: read(params, 'sort'),
  };
}

/** The address's query string for `query`, leaving out what is the default. */
export function usersListSearchParams(query: UsersListParams): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.role) params.set('role', query.role);
  if (query.sort !== DEFAULT_USERS_LIST_QUERY.sort) params.set('sort', query.sort);
  return params;
}

/**
 * The list's state, and a way to change part of it (a new history entry unless `replace`). A
 * change starts from the last one asked, not from the address of the last render: a search sent
 * once typing pauses must keep a role chosen meanwhile, before the address was drawn again.
 */
export function useUsersListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseUsersListParams(searchParams), [searchParams]);
  const latest = useRef(searchParams);
  useLayoutEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const update = useCallback(
    (changes: Partial<UsersListParams>, { replace = false }: { replace?: boolean } = {}) => {
      const next = usersListSearchParams({ ...parseUsersListParams(latest.current), ...changes });
      latest.current = next;
      setSearchParams(next, { replace });
    },
    [setSearchParams],
  );

  return { query, update };
}
