import { type PasswordExposure } from '@guildhall/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { passwordsQueryKeys } from '@/lib/passwords/password-query-keys';

/**
 * GET /api/password/exposures (admins): the entries revealed by members who have since lost
 * access to them, and not changed since: the passwords to rotate.
 */
export function getPasswordExposures({ signal }: { signal?: AbortSignal } = {}): Promise<
  PasswordExposure[]
> {
  return apiRequest('/api/password/exposures', { schema: 'passwordExposuresSchema', signal });
}

/** Members leave teams from other screens: the list is asked afresh each time the tab opens. */
export function usePasswordExposures() {
  return useQuery({
    queryKey: passwordsQueryKeys.exposures(),
    queryFn: getPasswordExposures,
    staleTime: 0,
  });
}
