import { type Roles } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /api/roles: the organisation's roles, each with an English name and an icon name. */
export function getRoles({ signal }: { signal?: AbortSignal } = {}): Promise<Roles> {
  return apiRequest('/api/roles', { schema: 'rolesSchema', signal });
}

/** The roles never change while the application runs. */
export function useRoles() {
  return useQuery({ queryKey: ['roles'], queryFn: getRoles, staleTime: Infinity });
}
