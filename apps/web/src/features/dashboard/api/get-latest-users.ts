import { type User } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKeys } from '@/lib/users/user-query-keys';

/** GET /api/users/latest: the newest members, newest first. */
export function getLatestUsers({ signal }: { signal?: AbortSignal } = {}): Promise<User[]> {
  return apiRequest('/api/users/latest', { schema: 'latestUsersSchema', signal });
}

export function useLatestUsers() {
  return useQuery({ queryKey: [...usersQueryKeys.all, 'latest'], queryFn: getLatestUsers });
}
