import { type UsersPage } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type UsersListParams, usersQueryKeys } from '@/lib/users/user-query-keys';

/** The query string of a member list page; what is left out takes the server's default. */
export function usersSearchParams(query: UsersListParams): URLSearchParams {
  const params = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
    sort: query.sort,
  });
  if (query.role) params.set('role', query.role);
  if (query.q) params.set('q', query.q);
  return params;
}

/** GET /api/users: one page of members, filtered, searched and sorted by the server. */
export function getUsers(
  query: UsersListParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<UsersPage> {
  return apiRequest(`/api/users?${usersSearchParams(query).toString()}`, {
    schema: 'usersPageSchema',
    signal,
  });
}

/** While another page loads, the one shown stays (marked as loading) rather than blink away. */
export function useUsers(query: UsersListParams) {
  return useQuery({
    queryKey: usersQueryKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, { signal }),
    placeholderData: keepPreviousData,
  });
}
