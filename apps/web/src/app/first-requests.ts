import type { QueryClient } from '@tanstack/react-query';
import { myAlertsQuery } from '@/features/alerts/api/get-alerts';
import { authMethodsQuery } from '@/lib/auth/get-auth-methods';
import { sessionQuery } from '@/lib/session/get-session';

/**
 * Asks, as the app starts, for the answers the first screen will wait for, so that they travel
 * while its code comes down rather than once it has come and rendered (a round trip each on a
 * phone's network).
 *
 * - The landing page waits for the ways of signing in.
 * - Every signed-in screen opens on the member's alerts, above its content: asked as soon as
 *   the session says who is signed in. An anonymous visitor asks for nothing more.
 */
export function askFirstScreenAnswers(queryClient: QueryClient, pathname: string): void {
  if (pathname === '/') {
    void queryClient.prefetchQuery(authMethodsQuery);
    return;
  }
  void queryClient.ensureQueryData(sessionQuery).then((user) => {
    if (user) void queryClient.prefetchQuery(myAlertsQuery(user));
  });
}
