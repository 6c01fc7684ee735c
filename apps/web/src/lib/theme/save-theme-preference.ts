import { type SessionUser, type ThemePreference } from '@guildhall/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { sessionQueryKey, useSession } from '@/lib/session/get-session';
import { savePreferences } from '@/lib/session/save-preferences';
import { setThemePreference } from './color-scheme';

/**
 * Changes the look at once and remembers it in this browser; for a signed-in member, the account
 * keeps it too, so that every device opens in the same look. A failed save keeps the change on
 * this device: it is a preference, not data.
 */
export function useSaveThemePreference(): (preference: ThemePreference) => void {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const signedIn = Boolean(session);
  return useCallback(
    (preference: ThemePreference) => {
      setThemePreference(preference);
      if (!signedIn) return;
      savePreferences({ theme: preference }).then(
        (preferences) =>
          queryClient.setQueryData<SessionUser | null>(
            sessionQueryKey,
            (current) => current && { ...current, preferences },
          ),
        // Kept on this device all the same; the account keeps its earlier choice.
        () => undefined,
      );
    },
    [queryClient, signedIn],
  );
}

/** Takes the look the member's account keeps, once signed in (another device may have changed it). */
export function useAccountThemePreference(user: SessionUser): void {
  const theme = user.preferences.theme;
  useEffect(() => setThemePreference(theme), [theme]);
}
