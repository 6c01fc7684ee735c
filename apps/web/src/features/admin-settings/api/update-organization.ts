import { type Organization, type OrganizationUpdate } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { organizationQueryKey } from '@/lib/organization/get-organization';

/** PUT /api/organization (admins): name, contact, colours and links. */
export function updateOrganization(body: OrganizationUpdate): Promise<Organization> {
  return apiRequest('/api/organization', { method: 'PUT', body, schema: 'organizationSchema' });
}

/** The answer becomes the organisation everywhere at once: theme, name and logo, no reload. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: (organization) => queryClient.setQueryData(organizationQueryKey, organization),
  });
}
