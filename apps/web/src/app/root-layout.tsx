import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '@/components/ui/skip-link';
import { FullPageLoading } from './full-page-loading';
import { useOrganizationTheme } from './theme/organization-theme';
import { useFocusMainOnNavigation } from './use-focus-main-on-navigation';

/** Around every screen: the organisation's colours, the skip link and the focus between pages. */
export function RootLayout() {
  useOrganizationTheme();
  useFocusMainOnNavigation();
  return (
    <>
      <SkipLink />
      <Suspense fallback={<FullPageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
