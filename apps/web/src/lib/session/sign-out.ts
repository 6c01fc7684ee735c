import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { loadPage } from '@/lib/browser-navigation';

/** POST /auth/logout: ends the session on the server. */
export function signOut(): Promise<void> {
  return apiRequest('/auth/logout', { method: 'POST' });
}

/** Signs out, then starts afresh on the landing page so that nothing of the member stays in memory. */
export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => loadPage('/'),
    onError: (error) => console.warn('Erreur pendant la déconnexion', error),
  });
}
