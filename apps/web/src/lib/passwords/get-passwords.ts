import type { PasswordList } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { passwordsQueryKeys } from './password-query-keys';

/**
 * GET /api/password: the entries the member may access, by network then account, without their
 * values; an admin gets every entry, with its access rules.
 */
export function getPasswords({ signal }: { signal?: AbortSignal } = {}): Promise<PasswordList> {
  return apiRequest('/api/password', { schema: 'passwordListSchema', signal });
}

// Access follows team roles, which change on other screens and for other members: the list is
// asked afresh each time a screen shows it.
export const passwordsQuery = {
  queryKey: passwordsQueryKeys.list(),
  queryFn: getPasswords,
  staleTime: 0,
};

export function usePasswords() {
  return useQuery(passwordsQuery);
}
