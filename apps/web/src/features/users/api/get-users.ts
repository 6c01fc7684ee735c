import { type UsersPage } from '@guildhall/contract';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, pagedQuery } from '@/lib/paging';
import { type UsersListParams, usersQueryKeys } from '@/lib/users/user-query-keys';

/** GET /api/users: a page of members, filtered, searched and sorted by the server. */
export function getUsers(
  query: UsersListParams,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UsersPage> {
  const filters = { role: query.role, q: query.q || undefined, sort: query.sort };
  return apiRequest(`/api/users${pageQuery(filters, cursor)}`, {
    schema: 'usersPageSchema',
    signal,
  });
}

/**
 * The members a page at a time (decision 061). While another filter or sort loads, the list
 * shown stays (marked as loading) rather than blink away.
 */
export function useUsers(query: UsersListParams) {
  return useInfiniteQuery({
    queryKey: usersQueryKeys.list(query),
    queryFn: ({ pageParam, signal }) => getUsers(query, pageParam, { signal }),
    ...pagedQuery,
    placeholderData: keepPreviousData,
  });
}
