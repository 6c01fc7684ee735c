import { CalendarDays, List, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useTextsPart } from '@/i18n/i18n';
import { canCreateEvents } from '@/lib/events/event-managers';
import { useUpcomingEvents } from '@/lib/events/events-api';
import { useSignedInUser } from '@/lib/session/get-session';
import { useMediaQuery } from '@/lib/use-media-query';
import styles from '../components/events.module.css';
import { MonthCalendar } from '../components/month-calendar';
import { OccurrencesByDay } from '../components/occurrences-by-day';

/**
 * `/events`: the occurrences the member is invited to or manages, from now on, by day, each with
 * its answers' counts and the member's own answer, one click away.
 */
export function EventsPage() {
  useTextsPart('events');
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { data: occurrences, error, isPending } = useUpcomingEvents();
  // On a phone the list by day is the view; a desktop may also show a month.
  const narrow = useMediaQuery('(width < 56rem)');
  const [view, setView] = useState<'list' | 'month'>('list');
  const month = !narrow && view === 'month';

  return (
    <>
      <PageHeader title={t('events.list.title')} description={t('events.list.description')} />
      <div className={styles.toolbar}>
        {!narrow && (
          <div className={styles.views} role="group" aria-label={t('events.views.label')}>
            <button
              type="button"
              className="button button-small"
              aria-pressed={!month}
              onClick={() => setView('list')}
            >
              <List size={16} aria-hidden="true" />
              {t('events.views.list')}
            </button>
            <button
              type="button"
              className="button button-small"
              aria-pressed={month}
              onClick={() => setView('month')}
            >
              <CalendarDays size={16} aria-hidden="true" />
              {t('events.views.month')}
            </button>
          </div>
        )}
        {canCreateEvents(user) && (
          <Link className="button button-primary" to="/events/new">
            <Plus size={18} aria-hidden="true" />
            {t('events.list.new')}
          </Link>
        )}
      </div>
      {month ? (
        <MonthCalendar />
      ) : error ? (
        <AlertMessage>{t('events.list.load_error')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage shape="table" />
      ) : occurrences.length > 0 ? (
        <OccurrencesByDay occurrences={occurrences} />
      ) : (
        <p className={`card ${styles.empty}`} role="status">
          {t('events.list.empty')}
        </p>
      )}
    </>
  );
}
