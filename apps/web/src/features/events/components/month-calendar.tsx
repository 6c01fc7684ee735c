import type { EventOccurrence } from '@guildhall/contract';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useLanguage } from '@/i18n/use-language';
import { daysFrom, readerDayKey, WEEKDAYS, weekdayName, weekStart } from '@/lib/events/event-time';
import { useEventsBetween } from '@/lib/events/get-events';
import styles from './events.module.css';
import { capitalized, dateTimeFormat } from '@/lib/intl-formats';

/** The first day of the reader's month `offset` months from now, at local midnight. */
function monthStart(offset: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth() + offset, 1);
}

/** The weeks (Monday first) that show the month of `start`, each a list of 7 days. */
function weeksOf(start: Date): Date[][] {
  const weeks: Date[][] = [];
  let monday = weekStart(start);
  do {
    weeks.push(daysFrom(monday));
    monday = weekStart(monday, 1);
  } while (monday.getMonth() === start.getMonth());
  return weeks;
}

/**
 * A month as a table: the weekdays as column headers, each day with its occurrences as links.
 * The previous, next and current months are one button away; the times are the reader's.
 */
export function MonthCalendar() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [offset, setOffset] = useState(0);
  const start = monthStart(offset);
  const end = monthStart(offset + 1);
  const {
    data: occurrences,
    error,
    isPending,
  } = useEventsBetween(start.toISOString(), end.toISOString());
  const monthName = dateTimeFormat(language, { month: 'long', year: 'numeric' }).format(start);
  const byDay = new Map<string, EventOccurrence[]>();
  for (const occurrence of occurrences ?? []) {
    const key = readerDayKey(occurrence.starts_at);
    byDay.set(key, [...(byDay.get(key) ?? []), occurrence]);
  }
  const time = dateTimeFormat(language, { timeStyle: 'short' });
  const dayLabel = dateTimeFormat(language, { dateStyle: 'full' });
  const today = readerDayKey(new Date().toISOString());

  return (
    <div className={styles.calendar}>
      <div className={styles.calendarNav}>
        <button
          type="button"
          className="button button-small"
          onClick={() => setOffset(offset - 1)}
          aria-label={t('events.calendar.previous')}
        >
          <ChevronLeft size={16} aria-hidden="true" />
        </button>
        <h2 className={styles.calendarTitle} aria-live="polite">
          {monthName}
        </h2>
        <button
          type="button"
          className="button button-small"
          onClick={() => setOffset(offset + 1)}
          aria-label={t('events.calendar.next')}
        >
          <ChevronRight size={16} aria-hidden="true" />
        </button>
        <button type="button" className="button button-small" onClick={() => setOffset(0)}>
          {t('events.calendar.today')}
        </button>
      </div>
      {error ? (
        <AlertMessage>{t('events.list.load_error')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage shape="table" />
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.month}>
            <caption className="visually-hidden">
              {t('events.calendar.caption', { month: monthName })}
            </caption>
            <thead>
              <tr>
                {WEEKDAYS.map((day) => (
                  <th key={day} scope="col">
                    {capitalized(weekdayName(day, language), language)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeksOf(start).map((week) => (
                <tr key={week[0]?.toISOString()}>
                  {week.map((day) => {
                    const key = readerDayKey(day.toISOString());
                    const list = byDay.get(key) ?? [];
                    return (
                      <td
                        key={key}
                        data-outside={day.getMonth() !== start.getMonth() || undefined}
                        aria-current={key === today ? 'date' : undefined}
                      >
                        <span className={styles.monthDay} aria-hidden="true">
                          {day.getDate()}
                        </span>
                        <span className="visually-hidden">{dayLabel.format(day)}</span>
                        {list.length > 0 && (
                          <ul className={styles.monthEvents}>
                            {list.map((occurrence) => (
                              <li
                                key={occurrence._id}
                                data-cancelled={occurrence.cancelled || undefined}
                              >
                                <Link to={`/events/${occurrence._id}`}>
                                  {time.format(new Date(occurrence.starts_at))} {occurrence.title}
                                  {occurrence.cancelled && ` (${t('events_common.cancelled')})`}
                                </Link>
                              </li>
                            ))}
                          </ul>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
