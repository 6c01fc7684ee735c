import { LanguageButton } from '@/components/ui/language-button';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';
import { FeatureBlurbs } from '../components/feature-blurbs';
import { OrganizationIdentity } from '../components/organization-identity';
import { SignInPanel } from '../components/sign-in-panel';
import styles from './landing-page.module.css';

/** What visitors see at `/`: who the organisation is, the way in, and what the portal offers. */
export function LandingPage() {
  return (
    <div className={styles.page}>
      {/* Visitors choose their language before signing in, too. */}
      <header className={styles.topBar}>
        <LanguageButton />
      </header>
      <main id={MAIN_CONTENT_ID} className={styles.content} tabIndex={-1}>
        <div className={styles.identity}>
          <OrganizationIdentity />
        </div>
        <div className={styles.signIn}>
          <SignInPanel />
        </div>
        <div className={styles.features}>
          <FeatureBlurbs />
        </div>
      </main>
    </div>
  );
}
