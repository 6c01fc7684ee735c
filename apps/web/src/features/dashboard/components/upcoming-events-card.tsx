import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventTypeBadge, RsvpButtons } from '@/components/events/rsvp-buttons';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useLanguage } from '@/i18n/use-language';
import { formatDateTimeRange } from '@/lib/events/event-time';
import { useUpcomingEvents } from '@/lib/events/get-events';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-card';

/** How many occurrences the card shows. */
const SHOWN = 3;

/** The member's next occurrences, each answered in one click, and the way to the Events page. */
export function UpcomingEventsCard() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { data: occurrences, error, isPending } = useUpcomingEvents(SHOWN);

  return (
    <DashboardCard title={t('dashboard_events.title')} order={2}>
      {error ? (
        <AlertMessage>{t('dashboard_events.error')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage />
      ) : occurrences.length === 0 ? (
        <p className={styles.placeholder}>{t('dashboard_events.empty')}</p>
      ) : (
        <ul className={styles.events}>
          {occurrences.slice(0, SHOWN).map((occurrence) => (
            <li key={occurrence._id} className={styles.event}>
              <p className={styles.eventHeading}>
                <EventTypeBadge type={occurrence.type} />
                <Link to={`/events/${occurrence._id}`} className={styles.eventTitle}>
                  {occurrence.title}
                </Link>
              </p>
              <p className={styles.eventTime}>
                <time dateTime={occurrence.starts_at}>
                  {formatDateTimeRange(occurrence.starts_at, occurrence.ends_at, language)}
                </time>
                {occurrence.cancelled && ` · ${t('events_common.cancelled')}`}
              </p>
              {occurrence.invited && <RsvpButtons occurrence={occurrence} />}
            </li>
          ))}
        </ul>
      )}
      <Link to="/events" className={styles.seeAll}>
        {t('dashboard_events.see_all')}
        <ArrowRight size={16} aria-hidden="true" />
      </Link>
    </DashboardCard>
  );
}
