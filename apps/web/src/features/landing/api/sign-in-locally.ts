import { type LocalSignInBody, type SessionUser } from '@guildhall/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionQueryKey } from '@/lib/session/get-session';

/** POST /auth/local: signs in by pseudo, offered by servers running in local mode only. */
export function signInLocally(body: LocalSignInBody): Promise<SessionUser> {
  return apiRequest('/auth/local', { method: 'POST', body, schema: 'sessionUserSchema' });
}

/** On success the member becomes the session, and the router takes them to their dashboard. */
export function useSignInLocally() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInLocally,
    onSuccess: (user) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
