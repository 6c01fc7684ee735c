import type { SessionUser } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '@/lib/session/get-session';
import { savePreferences } from '@/lib/session/save-preferences';

/** Whether everyone sees the member's real name; the answer's choices become the session's. */
export function useSaveNameVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (showRealName: boolean) => savePreferences({ show_real_name: showRealName }),
    onSuccess: (preferences) =>
      queryClient.setQueryData<SessionUser | null>(
        sessionQueryKey,
        (session) => session && { ...session, preferences },
      ),
  });
}
