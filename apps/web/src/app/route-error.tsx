import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';
import styles from './route-error.module.css';

/**
 * Shown in place of a screen that fails to render (`AppRoutes`' error boundary). React has
 * already logged the error; the link reloads the application from scratch.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page} tabIndex={-1}>
      <title>{t('app.document_title', { page: t('route_error.title') })}</title>
      <h1 className={styles.title}>{t('route_error.title')}</h1>
      <p>{t('route_error.description')}</p>
      <a className="button" href="/">
        {t('route_error.back_home')}
      </a>
    </main>
  );
}
