import { LogIn } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useAuthMethods } from '@/lib/auth/get-auth-methods';
import { AuthErrorAlert } from './auth-error-alert';
import styles from './sign-in-panel.module.css';

// The form of local mode (development, demos) comes in a chunk of its own, with the forms'
// library (decision 021): a visitor of a server without it never downloads them.
const LocalSignInForm = lazy(async () => ({
  default: (await import('./local-sign-in-form')).LocalSignInForm,
}));

/** The ways in that this server offers, and why the last attempt failed if it did. */
export function SignInPanel() {
  const { t } = useTranslation();
  const headingId = useId();

  return (
    <section className={`card ${styles.panel}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('landing.sign_in.title')}
      </h2>
      <AuthErrorAlert />
      <SignInMethods />
    </section>
  );
}

function SignInMethods() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const { data: methods, error, isPending } = useAuthMethods();

  if (isPending) return <LoadingMessage />;
  if (error) return <ErrorMessage message={describe(error)} />;
  if (!methods.discord && !methods.local) return <p>{t('landing.sign_in.no_method')}</p>;

  return (
    <>
      {methods.discord && (
        // A plain link: the sign-in leaves the application for Discord and comes back.
        <a className="button button-discord" href="/auth/discord">
          <LogIn size={20} />
          {t('landing.sign_in.discord')}
        </a>
      )}
      {methods.discord && methods.local && (
        <p className={styles.separator}>{t('landing.sign_in.separator')}</p>
      )}
      {methods.local && (
        <Suspense fallback={<LoadingMessage />}>
          <LocalSignInForm />
        </Suspense>
      )}
    </>
  );
}
