import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './admin-settings.module.css';

/** The tabs whose screens arrive with later work. */
export type UpcomingTab = 'organization' | 'alerts' | 'passwords';

/** Stands in for a tab whose screen is not built yet, and says what it will hold. */
export function ComingSoonPanel({ tab }: { tab: UpcomingTab }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className={`card ${styles.soonPanel}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.soonTitle}>
        {t(`admin_settings.tabs.${tab}`)}
      </h2>
      <p className={styles.soonBadge}>{t('admin_settings.coming_soon')}</p>
      <p className={styles.soonText}>{t(`admin_settings.soon.${tab}`)}</p>
    </section>
  );
}
