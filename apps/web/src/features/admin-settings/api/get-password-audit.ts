import { type PasswordAuditEvent, type Page } from '@guildhall/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, pagedQuery } from '@/lib/paging';
import { passwordsQueryKeys } from '@/lib/passwords/password-query-keys';

/** GET /api/password/{id}/audit (admins): who did what to the entry, newest first, a page. */
export function getPasswordAudit(
  id: string,
  cursor: string | undefined,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Page<PasswordAuditEvent>> {
  return apiRequest(`/api/password/${id}/audit${pageQuery({}, cursor)}`, {
    schema: 'passwordAuditSchema',
    signal,
  });
}

/**
 * The trail changes with every reveal, by anyone: it is asked afresh each time it is shown, a
 * page at a time (decision 061).
 */
export function usePasswordAudit(id: string) {
  return useInfiniteQuery({
    queryKey: passwordsQueryKeys.audit(id),
    queryFn: ({ pageParam, signal }) => getPasswordAudit(id, pageParam, { signal }),
    ...pagedQuery,
    staleTime: 0,
  });
}
