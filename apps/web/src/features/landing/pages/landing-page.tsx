import { LanguageButton } from '@/components/ui/language-button';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';
import { LoadingMessage } from '@/components/ui/status-message';
import { ThemeButton } from '@/components/ui/theme-button';
import { useAuthMethods } from '@/lib/auth/get-auth-methods';
import { useOrganization } from '@/lib/organization/get-organization';
import { FeatureBlurbs } from '../components/feature-blurbs';
import { OrganizationIdentity } from '../components/organization-identity';
import { SignInPanel } from '../components/sign-in-panel';
import styles from './landing-page.module.css';

/** What visitors see at `/`: who the organisation is, the way in, and what the portal offers. */
export function LandingPage() {
  // The page shows whole, once the organisation and the ways in are known: parts arriving one by
  // one would push what is below them down under the reader's eyes.
  const waiting = [useOrganization(), useAuthMethods()].some(({ isPending }) => isPending);
  return (
    <div className={styles.backdrop}>
      <div className={styles.page}>
        {/* Visitors choose their language and look before signing in, too. */}
        <header className={styles.topBar}>
          <ThemeButton />
          <LanguageButton />
        </header>
        <main id={MAIN_CONTENT_ID} className={styles.content} tabIndex={-1}>
          {waiting && <LoadingMessage />}
          {/* Hidden rather than left out: they start their own requests, once. */}
          <div className={styles.identity} hidden={waiting}>
            <OrganizationIdentity />
          </div>
          <div className={styles.signIn} hidden={waiting}>
            <SignInPanel />
          </div>
          <div className={styles.features} hidden={waiting}>
            <FeatureBlurbs />
          </div>
        </main>
      </div>
    </div>
  );
}
