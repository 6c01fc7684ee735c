import { type PasswordEntry, passwordEntriesSchema } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { passwordsQueryKeys } from './password-query-keys';

/**
 * GET /api/password: the entries the member may access (every entry for an admin), by network
 * then account, without their values.
 */
export function getPasswords({ signal }: { signal?: AbortSignal } = {}): Promise<PasswordEntry[]> {
  return apiRequest('/api/password', { schema: passwordEntriesSchema, signal });
}

export function usePasswords() {
  // Access follows team roles, which change on other screens and for other members: the list is
  // asked afresh each time a screen shows it.
  return useQuery({ queryKey: passwordsQueryKeys.list(), queryFn: getPasswords, staleTime: 0 });
}
