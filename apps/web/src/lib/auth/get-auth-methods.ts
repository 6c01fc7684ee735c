import type { AuthMethods } from '@guildhall/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /auth/methods: the ways of signing in this server offers, and the accounts members can link. */
export function getAuthMethods({ signal }: { signal?: AbortSignal } = {}): Promise<AuthMethods> {
  return apiRequest('/auth/methods', {
    schema: 'authMethodsSchema',
    signal,
  });
}

/** The ways in never change while the server runs. */
export const authMethodsQuery = {
  queryKey: ['auth-methods'],
  queryFn: getAuthMethods,
  staleTime: Infinity,
} as const;

export function useAuthMethods() {
  return useQuery(authMethodsQuery);
}
