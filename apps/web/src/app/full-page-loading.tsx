import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';
import styles from './full-page-loading.module.css';

/**
 * What shows before we know who the visitor is, or while a screen's code arrives: a visible word
 * rather than skeletons, since nothing is known yet of the screen to come (and a first paint with
 * text lets the browser show the page sooner).
 */
export function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page} tabIndex={-1}>
      <p className={styles.message} role="status">
        {t('app.loading')}
      </p>
    </main>
  );
}
