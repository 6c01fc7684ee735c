import type { QueryClient } from '@tanstack/react-query';
import { passwordsQueryKeys } from '@/lib/passwords/password-query-keys';
import { sessionQueryKey } from '@/lib/session/get-session';

/**
 * After an entry changed: the list, the passwords to rotate and the entry's audit trail load
 * again, and so does the session, whose count of reachable entries may have changed with it.
 */
export function refreshAfterPasswordChange(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: passwordsQueryKeys.all });
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}
