import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';
import { LoadingMessage } from '@/components/ui/status-message';
import styles from './full-page-loading.module.css';

/** What shows before we know who the visitor is, or while a screen's code arrives. */
export function FullPageLoading() {
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page} tabIndex={-1}>
      <LoadingMessage shape="page" />
    </main>
  );
}
