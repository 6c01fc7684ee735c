import { X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTypeIcon } from '@/components/ui/alert-type-icon';
import { SafeMarkup } from '@/components/ui/safe-markup';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';
import { useSignedInUser } from '@/lib/session/get-session';
import { useMyAlerts } from '../api/get-alerts';
import styles from './alerts-banner.module.css';

/**
 * The alerts meant for the signed-in member, at the top of every screen. Each can be dismissed;
 * that is not remembered, so they show again on the next load (specification, alerts banner).
 */
export function AlertsBanner() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { data: alerts = [] } = useMyAlerts(user._id);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const listRef = useRef<HTMLUListElement>(null);
  // Where the focus goes once a dismissed alert is gone: the alert now in its place, if any.
  const focusAfterDismiss = useRef<number | null>(null);
  const shown = alerts.filter((alert) => !dismissed.has(alert._id));

  useEffect(() => {
    const index = focusAfterDismiss.current;
    if (index === null) return;
    focusAfterDismiss.current = null;
    const closeButtons = listRef.current?.querySelectorAll('button') ?? [];
    const next = closeButtons[Math.min(index, closeButtons.length - 1)];
    (next ?? document.getElementById(MAIN_CONTENT_ID))?.focus();
  }, [dismissed]);

  function dismiss(id: string, index: number) {
    focusAfterDismiss.current = index;
    setDismissed((current) => new Set(current).add(id));
  }

  if (shown.length === 0) return null;
  // The sanitizer comes in the signed-in frame's code, not on its own after the alerts: the
  // banner shows with them, before the page below it.
  return (
    <section className={styles.banner} aria-label={t('alerts.banner.label')}>
      <ul ref={listRef} className={styles.list}>
        {shown.map((alert, index) => (
          <li key={alert._id} className={styles.alert} data-type={alert.type}>
            <span className={styles.icon}>
              <AlertTypeIcon type={alert.type} />
            </span>
            <div className={styles.body}>
              <span className="visually-hidden">
                {t('alerts.banner.type_label', { type: t(`alerts.types.${alert.type}`) })}{' '}
              </span>
              <SafeMarkup markup={alert.message} className={styles.message} />
            </div>
            <button
              type="button"
              className={`icon-button ${styles.close}`}
              aria-label={t('alerts.banner.close')}
              onClick={() => dismiss(alert._id, index)}
            >
              <X size={20} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
