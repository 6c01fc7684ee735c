import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error-text';
import { sessionQueryKey } from '@/lib/session/get-session';
import { passwordsQueryKeys } from './password-query-keys';

/**
 * POST /api/password/{id}/reveal: the entry's value; the server writes an audit event first.
 * 404 `password_not_found` when the member may not (or may no longer) access it.
 */
export async function revealPassword(id: string): Promise<string> {
  const { password } = await apiRequest(`/api/password/${id}/reveal`, {
    method: 'POST',
    schema: 'revealedPasswordSchema',
  });
  return password;
}

/**
 * Reveals an entry for the one moment it is copied. Deliberately not a react-query mutation: a
 * mutation keeps its answer in the cache, and the value must live no longer than the clipboard
 * write. What the reveal changed (the entry's audit trail) loads again; an entry that turned out
 * to be out of reach takes the list and the session's count with it.
 */
export function useRevealPassword(): (id: string) => Promise<string> {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string) => {
      try {
        const password = await revealPassword(id);
        void queryClient.invalidateQueries({ queryKey: passwordsQueryKeys.audit(id) });
        return password;
      } catch (error) {
        if (isApiError(error, 'password_not_found')) {
          void queryClient.invalidateQueries({ queryKey: passwordsQueryKeys.list() });
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }
        throw error;
      }
    },
    [queryClient],
  );
}
