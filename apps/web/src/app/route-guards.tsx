import { Navigate, Outlet } from 'react-router';
import type { SessionUser } from '@guildhall/contract';
import { useSession, useSignedInUser } from '@/lib/session/get-session';
import { ForbiddenPage } from './forbidden-page';
import { FullPageLoading } from './full-page-loading';

/*
 * These guards only spare members screens the server would refuse them: every API call is checked
 * again on the server.
 */

/** Screens for visitors: a signed-in member is taken to the dashboard instead. */
export function AnonymousOnly() {
  const { data: user, isPending } = useSession();
  if (isPending) return <FullPageLoading />;
  return user ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** Screens for members: a visitor is taken to the landing page instead. */
export function RequireSignIn() {
  const { data: user, isPending } = useSession();
  if (isPending) return <FullPageLoading />;
  return user ? <Outlet /> : <Navigate to="/" replace />;
}

/**
 * Screens for members the server lets do something (below RequireSignIn): a member without it
 * is told so at that address (decision 052), not taken elsewhere without a word.
 */
export function RequireAbility({ allows }: { allows: (user: SessionUser) => boolean }) {
  const user = useSignedInUser();
  return allows(user) ? <Outlet /> : <ForbiddenPage />;
}
