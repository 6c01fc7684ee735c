import { type User } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** GET /api/users/{id}: one member. */
export function getUser(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<User> {
  return apiRequest(`/api/users/${id}`, { schema: 'userSchema', signal });
}

export function useUser(id: string) {
  return useQuery({
    queryKey: usersQueryKeys.detail(id),
    queryFn: ({ signal }) => getUser(id, { signal }),
  });
}

/** Unknown member (404), or an id that cannot be one (400: not 24 hexadecimal characters). */
export function isUnknownMember(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
