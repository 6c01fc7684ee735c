import type { SessionUser } from '@guildhall/contract/user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const sessionQueryKey = ['session'] as const;

/**
 * GET /api/session: the signed-in member, or null for an anonymous visitor. The server answers
 * a visitor with 200 rather than GET /api/user's 401, which the browser would log as an error.
 */
export async function getSession({
  signal,
}: { signal?: AbortSignal } = {}): Promise<SessionUser | null> {
  try {
    const { user } = await apiRequest('/api/session', {
      schema: 'sessionSchema',
      signal,
    });
    // Being anonymous is a normal state, not a failure.
    if (!user) console.info("Vous n'êtes pas connecté");
    return user;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // Without a session we cannot do better than treat the visitor as anonymous, but a broken
    // server must not go unnoticed.
    console.error('Impossible de récupérer la session', error);
    return null;
  }
}

export const sessionQuery = queryOptions({ queryKey: sessionQueryKey, queryFn: getSession });

/** The session: `data` is undefined while loading, null when anonymous, the member otherwise. */
export function useSession() {
  return useQuery(sessionQuery);
}

/**
 * The signed-in member, for screens that are only reachable once signed in (the router's sign-in
 * guard makes sure of it).
 */
export function useSignedInUser(): SessionUser {
  const { data: user } = useSession();
  if (!user) throw new Error('useSignedInUser is only usable on screens that require sign-in');
  return user;
}
