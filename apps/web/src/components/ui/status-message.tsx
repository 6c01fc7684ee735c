import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './status-message.module.css';

/** Announced politely to screen readers while something loads. */
export function LoadingMessage() {
  const { t } = useTranslation();
  return (
    <p className={styles.loading} role="status">
      {t('app.loading')}
    </p>
  );
}

/** A problem the reader should know about right away; screen readers announce it at once. */
export function AlertMessage({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.alert} role="alert">
      {children}
    </p>
  );
}

/** A request that failed, with the reason it gave. */
export function ErrorMessage({ message }: { message: string }) {
  const { t } = useTranslation();
  return <AlertMessage>{t('app.error', { message })}</AlertMessage>;
}
