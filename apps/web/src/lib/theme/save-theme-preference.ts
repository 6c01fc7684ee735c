import {
  type Preferences,
  preferencesSchema,
  type SessionUser,
  type ThemePreference,
} from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey, useSession } from '@/lib/session/get-session';
import { setThemePreference } from './color-scheme';

/** PUT /api/user/preferences: the signed-in member's look, kept with the account. */
export function savePreferences(body: Preferences): Promise<Preferences> {
  return apiRequest('/api/user/preferences', { method: 'PUT', body, schema: preferencesSchema });
}

/**
 * Changes the look at once and remembers it in this browser; for a signed-in member, the account
 * keeps it too, so that every device opens in the same look. A failed save keeps the change on
 * this device: it is a preference, not data.
 */
export function useSaveThemePreference(): (preference: ThemePreference) => void {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const signedIn = Boolean(session);
  const { mutate } = useMutation({
    mutationFn: savePreferences,
    onSuccess: (preferences) =>
      queryClient.setQueryData<SessionUser | null>(
        sessionQueryKey,
        (current) => current && { ...current, preferences },
      ),
  });
  return useCallback(
    (preference: ThemePreference) => {
      setThemePreference(preference);
      if (signedIn) mutate({ theme: preference });
    },
    [mutate, signedIn],
  );
}

/** Takes the look the member's account keeps, once signed in (another device may have changed it). */
export function useAccountThemePreference(user: SessionUser): void {
  const theme = user.preferences.theme;
  useEffect(() => setThemePreference(theme), [theme]);
}
