import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link';
import { FullPageLoading } from './full-page-loading';
import { useOrganizationTheme } from './theme/organization-theme';

/** Around every screen: the organisation's colours and the skip link. */
export function RootLayout() {
  useOrganizationTheme();
  return (
    <>
      <SkipLink />
      <Suspense fallback={<FullPageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
