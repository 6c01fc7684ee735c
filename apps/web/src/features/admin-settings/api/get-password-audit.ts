import { type PasswordAuditEvent } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { passwordsQueryKeys } from '@/lib/passwords/password-query-keys';

/** GET /api/password/{id}/audit (admins): who did what to the entry, newest first. */
export function getPasswordAudit(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PasswordAuditEvent[]> {
  return apiRequest(`/api/password/${id}/audit`, { schema: 'passwordAuditSchema', signal });
}

/** The trail changes with every reveal, by anyone: it is asked afresh each time it is shown. */
export function usePasswordAudit(id: string) {
  return useQuery({
    queryKey: passwordsQueryKeys.audit(id),
    queryFn: ({ signal }) => getPasswordAudit(id, { signal }),
    staleTime: 0,
  });
}
