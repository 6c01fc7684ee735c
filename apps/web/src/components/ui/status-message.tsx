import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton, SkeletonGroup } from './skeleton';
import styles from './status-message.module.css';

/** What is loading, drawn roughly at its size so that nothing jumps when it comes. */
export type LoadingShape = 'line' | 'text' | 'table' | 'cards' | 'page';

const ROWS = [0, 1, 2, 3, 4];

function Placeholder({ shape }: { shape: LoadingShape }) {
  switch (shape) {
    case 'line':
      return <Skeleton width="60%" />;
    case 'text':
      return (
        <div className={styles.stack}>
          <Skeleton width="90%" />
          <Skeleton width="75%" />
          <Skeleton width="40%" />
        </div>
      );
    case 'table':
      return (
        <div className={styles.table}>
          <Skeleton height="2.5rem" radius={0} />
          {ROWS.map((row) => (
            <div key={row} className={styles.row}>
              <Skeleton width="2.25rem" height="2.25rem" radius="50%" />
              <Skeleton width="30%" />
              <Skeleton width="20%" />
              <Skeleton width="15%" />
            </div>
          ))}
        </div>
      );
    case 'cards':
      return (
        <div className={styles.cards}>
          <Skeleton height="9rem" radius="var(--radius-large)" />
          <Skeleton height="9rem" radius="var(--radius-large)" />
          <Skeleton height="18rem" radius="var(--radius-large)" />
          <Skeleton height="14rem" radius="var(--radius-large)" />
        </div>
      );
    case 'page':
      return (
        <div className={styles.stack}>
          <Skeleton width="40%" height="2rem" />
          <Skeleton width="65%" />
          <Skeleton height="12rem" radius="var(--radius-large)" />
        </div>
      );
  }
}

/**
 * Announced once to screen readers ("Chargement..."), and drawn as skeletons of what is coming
 * (`shape`), not as a bare text.
 */
export function LoadingMessage({ shape = 'text' }: { shape?: LoadingShape }) {
  const { t } = useTranslation();
  return (
    <SkeletonGroup label={t('app.loading')} className={styles.loading}>
      <Placeholder shape={shape} />
    </SkeletonGroup>
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
