import type { Alert } from '@guildhall/contract';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTypeIcon } from '@/components/ui/alert-type-icon';
import { DisclosureButton } from '@/components/ui/disclosure-button';
import { markupText, SafeMarkup } from '@/components/ui/safe-markup';
import { MAIN_CONTENT_ID } from '@/components/ui/skip-link';
import { useSignedInUser } from '@/lib/session/get-session';
import { useMediaQuery } from '@/lib/use-media-query';
import { useDismissAlert } from '../api/dismiss-alert';
import { useMyAlerts } from '../api/get-alerts';
import styles from './alerts-banner.module.css';

/** A message longer than this (in visible characters) shows its first lines, with "more". */
export const COLLAPSED_MESSAGE_CHARACTERS = 240;

/** Where several alerts show as one group, the first one and "N more alerts" (decision 057). */
export const GROUPED_ALERTS_MEDIA_QUERY = '(width <= 40rem)';

/**
 * The alerts meant for the signed-in member, at the top of every screen. Dismissing one hides it
 * for the member until its message changes: the server remembers it (decision 030).
 */
export function AlertsBanner() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { data: alerts = [] } = useMyAlerts();
  const dismissAlert = useDismissAlert(user._id);
  const listRef = useRef<HTMLUListElement>(null);
  // Where the focus goes once a dismissed alert is gone: the alert now in its place, if any.
  const focusAfterDismiss = useRef<number | null>(null);
  const listId = useId();
  const phone = useMediaQuery(GROUPED_ALERTS_MEDIA_QUERY);
  const [showAll, setShowAll] = useState(false);
  // On a phone, stacked alerts would fill the first screen: the first one stands for the group.
  const grouped = phone && alerts.length > 1;
  const folded = grouped && !showAll;

  useEffect(() => {
    const index = focusAfterDismiss.current;
    if (index === null) return;
    focusAfterDismiss.current = null;
    const closeButtons = listRef.current?.querySelectorAll(`.${styles.close}`) ?? [];
    const next = closeButtons[Math.min(index, closeButtons.length - 1)];
    (next instanceof HTMLElement ? next : document.getElementById(MAIN_CONTENT_ID))?.focus();
  }, [alerts]);

  function dismiss(id: string, index: number) {
    focusAfterDismiss.current = index;
    dismissAlert.mutate(id);
  }

  if (alerts.length === 0) return null;
  // The sanitizer comes in the signed-in frame's code, not on its own after the alerts: the
  // banner shows with them, before the page below it.
  return (
    <section className={styles.banner} aria-label={t('alerts.banner.label')}>
      <ul ref={listRef} id={listId} className={styles.list}>
        {alerts.map((alert, index) => (
          <li
            key={alert._id}
            className={styles.alert}
            data-type={alert.type}
            hidden={(folded && index > 0) || undefined}
          >
            <span className={styles.icon}>
              <AlertTypeIcon type={alert.type} />
            </span>
            <AlertBody alert={alert} />
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
      {grouped && (
        <DisclosureButton
          className={styles.group}
          expanded={showAll}
          onExpandedChange={setShowAll}
          controls={listId}
          chevron={18}
        >
          {showAll
            ? t('alerts.banner.fewer')
            : t('alerts.banner.others', { count: alerts.length - 1 })}
        </DisclosureButton>
      )}
    </section>
  );
}

/** The alert's type, said to screen readers, and its message: a long one collapsed at first. */
function AlertBody({ alert }: { alert: Alert }) {
  const { t } = useTranslation();
  const messageId = useId();
  const [expanded, setExpanded] = useState(false);
  const long = markupText(alert.message).length > COLLAPSED_MESSAGE_CHARACTERS;
  return (
    <div className={styles.body}>
      <span className="visually-hidden">
        {t('alerts.banner.type_label', { type: t(`alerts.types.${alert.type}`) })}{' '}
      </span>
      <div id={messageId} data-collapsed={(long && !expanded) || undefined}>
        <SafeMarkup markup={alert.message} className={styles.message} />
      </div>
      {long && (
        <DisclosureButton
          className={styles.more}
          expanded={expanded}
          onExpandedChange={setExpanded}
          controls={messageId}
        >
          {expanded ? t('alerts.banner.less') : t('alerts.banner.more')}
        </DisclosureButton>
      )}
    </div>
  );
}
