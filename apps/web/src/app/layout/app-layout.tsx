import { Suspense, useRef } from 'react';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';
import { LoadingMessage } from '@/components/ui/status-message';
import { useMyAlerts } from '@/features/alerts/api/get-alerts';
import { AlertsBanner } from '@/features/alerts/components/alerts-banner';
import { canSeePasswords } from '@/lib/session/abilities';
import { useSignedInUser } from '@/lib/session/get-session';
import { useAccountThemePreference } from '@/lib/theme/save-theme-preference';
import styles from './app-layout.module.css';
import { Header } from './header';
import { DesktopSidebar, MobileSidebar } from './sidebar';
import { useSidebar } from './use-sidebar';

/** The signed-in member's frame: sidebar, header, and the current page. */
export function AppLayout() {
  const user = useSignedInUser();
  useAccountThemePreference(user);
  const sidebar = useSidebar();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { isPending: alertsPending } = useMyAlerts();

  return (
    <div className={styles.shell}>
      {sidebar.isMobile ? (
        <MobileSidebar
          user={user}
          canSeePasswords={canSeePasswords(user)}
          open={sidebar.expanded}
          onOpenChange={sidebar.setOverlayOpen}
          toggleRef={toggleRef}
        />
      ) : (
        <DesktopSidebar
          user={user}
          canSeePasswords={canSeePasswords(user)}
          hidden={!sidebar.expanded}
        />
      )}
      <div className={styles.column}>
        <Header
          user={user}
          showBrand={sidebar.isMobile}
          sidebarExpanded={sidebar.expanded}
          onToggleSidebar={sidebar.toggle}
          toggleRef={toggleRef}
        />
        {/* tabIndex lets the skip link move focus here. */}
        <main id={MAIN_CONTENT_ID} className={styles.main} tabIndex={-1}>
          {alertsPending && <LoadingMessage shape="page" />}
          {/*
           * The page waits for the alerts above it, hidden (its code and data still come down):
           * alerts arriving after it would push it down under the reader's eyes.
           */}
          <div hidden={alertsPending}>
            <AlertsBanner />
            <Suspense fallback={<LoadingMessage shape="page" />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </div>
  );
}
