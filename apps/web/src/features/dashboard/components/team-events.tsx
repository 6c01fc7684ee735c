import type { EventOccurrence } from '@guildhall/contract';
import { ArrowRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useLanguage } from '@/i18n/use-language';
import { formatDateTimeRange } from '@/lib/events/event-time';
import { useTeamEvents } from '@/lib/events/get-events';
import styles from './dashboard.module.css';

/** How many of the team's occurrences the card shows. */
const SHOWN = 3;

/**
 * The team's next occurrences (those for the team or one of its roles, not the organisation's),
 * each with its date and the member's answer, and the way to the Events page.
 */
export function TeamEvents({ teamId }: { teamId: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const headingId = useId();
  const { data: occurrences, error, isPending } = useTeamEvents(teamId, SHOWN);
  const answerOf = ({ my_rsvp: mine }: EventOccurrence) =>
    t('dashboard.my_teams.events.answer', {
      answer: !mine
        ? t('dashboard.my_teams.events.no_answer')
        : mine.answer === 'going' && mine.waitlisted
          ? t('events_common.rsvp.waitlisted')
          : t(`events_common.rsvp.${mine.answer}`),
    });

  return (
    <section className={styles.teamEvents} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.roleName}>
        {t('dashboard.my_teams.events.title')}
      </h3>
      {error ? (
        <AlertMessage>{t('dashboard_events.error')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage />
      ) : occurrences.length === 0 ? (
        <p className={styles.placeholder}>{t('dashboard.my_teams.events.empty')}</p>
      ) : (
        <ul className={styles.teamEventList}>
          {occurrences.map((occurrence) => (
            <li key={occurrence._id} className={styles.teamEvent}>
              <Link to={`/events/${occurrence._id}`} className={styles.eventTitle}>
                {occurrence.title}
              </Link>
              <span className={styles.eventTime}>
                <time dateTime={occurrence.starts_at}>
                  {formatDateTimeRange(occurrence.starts_at, occurrence.ends_at, language)}
                </time>
                {occurrence.cancelled
                  ? ` · ${t('events_common.cancelled')}`
                  : occurrence.invited && ` · ${answerOf(occurrence)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/events" className={styles.seeAll}>
        {t('dashboard_events.see_all')}
        <ArrowRight size={16} aria-hidden="true" />
      </Link>
    </section>
  );
}
