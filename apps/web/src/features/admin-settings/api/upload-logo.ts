import { type Organization } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { organizationQueryKey } from '@/lib/organization/get-organization';

/**
 * POST /api/organization/upload-logo (admins): the image in the multipart field `logo`. The server
 * checks its bytes and re-encodes it; the answer's logo address carries a new version.
 */
export function uploadLogo(file: File): Promise<Organization> {
  const body = new FormData();
  body.append('logo', file);
  return apiRequest('/api/organization/upload-logo', {
    method: 'POST',
    body,
    schema: 'organizationSchema',
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadLogo,
    onSuccess: (organization) => queryClient.setQueryData(organizationQueryKey, organization),
  });
}
