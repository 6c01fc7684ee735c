import { type User } from '@guildhall/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** As many matches as one request brings; a longer search narrows them down. */
export const MEMBER_SEARCH_PAGE_SIZE = 50;

/** GET /api/users?q=: the first page of the members whose pseudo contains `q`, by pseudo. */
export async function searchMembers(
  q: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<User[]> {
  const params = new URLSearchParams({ q, limit: String(MEMBER_SEARCH_PAGE_SIZE) });
  const page = await apiRequest(`/api/users?${params.toString()}`, {
    schema: 'usersPageSchema',
    signal,
  });
  return page.items;
}

/** Asks nothing until something is typed; the previous matches stay while the next load. */
export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: [...usersQueryKeys.all, 'search', q],
    queryFn: ({ signal }) => searchMembers(q, { signal }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
