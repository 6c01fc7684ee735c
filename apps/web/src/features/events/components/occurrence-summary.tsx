import type { EventOccurrence } from '@guildhall/contract';
import { MapPin, Swords } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventTypeBadge, RsvpButtons, RsvpCounts } from '@/components/events/rsvp-buttons';
import { useLanguage } from '@/i18n/use-language';
import { formatTimeRange } from '@/lib/events/event-time';
import styles from './events.module.css';

/** One occurrence in the list: what, when, where, who answered, and the member's own answer. */
export function OccurrenceSummary({ occurrence }: { occurrence: EventOccurrence }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <li className={`card ${styles.occurrence}`} data-cancelled={occurrence.cancelled || undefined}>
      <div className={styles.occurrenceMain}>
        <p className={styles.occurrenceTime}>
          <time dateTime={occurrence.starts_at}>
            {formatTimeRange(occurrence.starts_at, occurrence.ends_at, language)}
          </time>
        </p>
        <div className={styles.occurrenceText}>
          <p className={styles.occurrenceHeading}>
            <EventTypeBadge type={occurrence.type} />
            {occurrence.cancelled && (
              <span className={styles.cancelled}>{t('events_common.cancelled')}</span>
            )}
            <Link className={styles.occurrenceTitle} to={`/events/${occurrence._id}`}>
              {occurrence.title}
            </Link>
          </p>
          {(occurrence.location || occurrence.opponent) && (
            <p className={styles.occurrenceFacts}>
              {occurrence.opponent && (
                <span>
                  <Swords size={14} aria-hidden="true" />
                  {t('events.opponent_versus', { opponent: occurrence.opponent })}
                </span>
              )}
              {occurrence.location && (
                <span>
                  <MapPin size={14} aria-hidden="true" />
                  {occurrence.location}
                </span>
              )}
            </p>
          )}
          <RsvpCounts occurrence={occurrence} />
        </div>
      </div>
      {/* A manager who is not invited sees the event, and does not answer it. */}
      {occurrence.invited && <RsvpButtons occurrence={occurrence} />}
    </li>
  );
}
