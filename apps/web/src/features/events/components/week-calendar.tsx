import type { EventOccurrence } from '@guildhall/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventTypeBadge } from '@/components/events/rsvp-buttons';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useLanguage } from '@/i18n/use-language';
import { daysFrom, formatTimeRange, readerDayKey, weekStart } from '@/lib/events/event-time';
import { useEventsBetween } from '@/lib/events/get-events';
import { useMediaQuery } from '@/lib/use-media-query';
import styles from './events.module.css';
import { OccurrencesByDay } from './occurrences-by-day';
import { capitalized, dateTimeFormat } from '@/lib/intl-formats';

interface WeekCalendarProps {
  /** The Monday (local midnight) of the week shown. */
  start: Date;
  /** Shows another week: its Monday, or null for this week. */
  onWeekChange: (start: Date | null) => void;
}

/**
 * A week, Monday first, in the reader's time zone: seven day columns on a desktop, each
 * occurrence a link with its times, title and type; on a phone the week's occurrences by day, as
 * the list shows them. The previous, next and current weeks are one button away.
 */
export function WeekCalendar({ start, onWeekChange }: WeekCalendarProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const phone = useMediaQuery('(width <= 40rem)');
  const titleId = useId();
  const days = daysFrom(start);
  const end = weekStart(start, 1);
  const {
    data: occurrences,
    error,
    isPending,
  } = useEventsBetween(start.toISOString(), end.toISOString());
  const range = dateTimeFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatRange(start, days[6] ?? start);
  // An occurrence that began before Monday and runs into it is the previous week's.
  const keys = new Set(days.map((day) => readerDayKey(day.toISOString())));
  const shown = (occurrences ?? []).filter((occurrence) =>
    keys.has(readerDayKey(occurrence.starts_at)),
  );
  const byDay = new Map<string, EventOccurrence[]>();
  for (const occurrence of shown) {
    const key = readerDayKey(occurrence.starts_at);
    byDay.set(key, [...(byDay.get(key) ?? []), occurrence]);
  }
  const dayName = dateTimeFormat(language, { weekday: 'long' });
  const dayDate = dateTimeFormat(language, { day: 'numeric', month: 'short' });
  const today = readerDayKey(new Date().toISOString());

  return (
    <div className={styles.calendar}>
      <div className={styles.weekNav}>
        <button
          type="button"
          className="button button-small"
          onClick={() => onWeekChange(weekStart(start, -1))}
          aria-label={t('events.week.previous')}
        >
          <ChevronLeft size={16} aria-hidden="true" />
        </button>
        <h2 id={titleId} className={styles.weekTitle} aria-live="polite">
          {range}
        </h2>
        <button
          type="button"
          className="button button-small"
          onClick={() => onWeekChange(weekStart(start, 1))}
          aria-label={t('events.week.next')}
        >
          <ChevronRight size={16} aria-hidden="true" />
        </button>
        <button type="button" className="button button-small" onClick={() => onWeekChange(null)}>
          {t('events.week.today')}
        </button>
      </div>
      {error ? (
        <AlertMessage>{t('events.list.load_error')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage shape="table" />
      ) : phone ? (
        shown.length > 0 ? (
          <OccurrencesByDay occurrences={shown} headingLevel={3} />
        ) : (
          <p className={`card ${styles.empty}`} role="status">
            {t('events.week.empty')}
          </p>
        )
      ) : (
        <ol className={styles.week} aria-labelledby={titleId}>
          {days.map((day) => {
            const key = readerDayKey(day.toISOString());
            const list = byDay.get(key) ?? [];
            return (
              <li
                key={key}
                className={styles.weekDay}
                aria-current={key === today ? 'date' : undefined}
              >
                <h3 className={styles.weekDayHeading}>
                  <span>{capitalized(dayName.format(day), language)}</span>{' '}
                  <span className={styles.weekDayDate}>{dayDate.format(day)}</span>
                </h3>
                {list.length === 0 ? (
                  <p className="visually-hidden">{t('events.week.nothing')}</p>
                ) : (
                  <ul className={styles.weekEvents}>
                    {list.map((occurrence) => (
                      <li key={occurrence._id} data-cancelled={occurrence.cancelled || undefined}>
                        <Link to={`/events/${occurrence._id}`} className={styles.weekEvent}>
                          <time dateTime={occurrence.starts_at} className={styles.weekEventTime}>
                            {formatTimeRange(occurrence.starts_at, occurrence.ends_at, language)}
                          </time>
                          <span className={styles.weekEventTitle}>{occurrence.title}</span>
                          <span className={styles.weekEventMarks}>
                            <EventTypeBadge type={occurrence.type} />
                            {occurrence.cancelled && (
                              <span className={styles.cancelled}>
                                {t('events_common.cancelled')}
                              </span>
                            )}
                          </span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
