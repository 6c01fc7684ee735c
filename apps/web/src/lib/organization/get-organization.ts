import type { Organization } from '@guildhall/contract/organization';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const organizationQueryKey = ['organization'] as const;

/** GET /api/organization: public, it names and themes the whole application. */
export function getOrganization({ signal }: { signal?: AbortSignal } = {}): Promise<Organization> {
  return apiRequest('/api/organization', {
    schema: 'organizationSchema',
    signal,
  });
}

export function useOrganization() {
  return useQuery({ queryKey: organizationQueryKey, queryFn: getOrganization });
}
