import { CalendarDays, CalendarRange, List, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useTextsPart } from '@/i18n/i18n';
import { canCreateEvents } from '@/lib/events/event-managers';
import { dayOfKey, readerDayKey, weekStart } from '@/lib/events/event-time';
import { usePagedEvents } from '@/lib/events/get-events';
import { itemsOf } from '@/lib/paging';
import { useSignedInUser } from '@/lib/session/get-session';
import { useMediaQuery } from '@/lib/use-media-query';
import styles from '../components/events.module.css';
import { MonthCalendar } from '../components/month-calendar';
import { OccurrencesByDay } from '../components/occurrences-by-day';
import { WeekCalendar } from '../components/week-calendar';

const VIEWS = ['list', 'week', 'month'] as const;
type View = (typeof VIEWS)[number];
const VIEW_ICONS = { list: List, week: CalendarRange, month: CalendarDays } as const;

/**
 * `/events`: the occurrences the member is invited to or manages, from now on, by day, each with
 * its answers' counts and the member's own answer, one click away; or a week, or a month. The
 * view and the week are in the address (`?view=week&week=2026-11-23`), so that a reload or a link
 * keeps them.
 */
export function EventsPage() {
  useTextsPart('events');
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [searchParams, setSearchParams] = useSearchParams();
  // On a phone the month does not fit; the week shows as a list by day there.
  const narrow = useMediaQuery('(width < 56rem)');
  const asked = searchParams.get('view');
  const available: readonly View[] = narrow ? ['list', 'week'] : VIEWS;
  const view: View = available.find((item) => item === asked) ?? 'list';
  const week = weekStart(dayOfKey(searchParams.get('week') ?? '') ?? new Date());
  const events = usePagedEvents();
  const occurrences = itemsOf(events.data);

  function showView(next: View) {
    setSearchParams((params) => {
      const changed = new URLSearchParams(params);
      if (next === 'list') changed.delete('view');
      else changed.set('view', next);
      if (next !== 'week') changed.delete('week');
      return changed;
    });
  }

  function showWeek(start: Date | null) {
    setSearchParams(
      (params) => {
        const changed = new URLSearchParams(params);
        if (start) changed.set('week', readerDayKey(start.toISOString()));
        else changed.delete('week');
        return changed;
      },
      { replace: true },
    );
  }

  return (
    <>
      <PageHeader title={t('events.list.title')} description={t('events.list.description')} />
      <div className={styles.toolbar}>
        <div className={styles.views} role="group" aria-label={t('events.views.label')}>
          {available.map((item) => {
            const Icon = VIEW_ICONS[item];
            return (
              <button
                key={item}
                type="button"
                className="button button-small"
                aria-pressed={view === item}
                onClick={() => showView(item)}
              >
                <Icon size={16} aria-hidden="true" />
                {t(`events.views.${item}`)}
              </button>
            );
          })}
        </div>
        {canCreateEvents(user) && (
          <Link className="button button-primary" to="/events/new">
            <Plus size={18} aria-hidden="true" />
            {t('events.list.new')}
          </Link>
        )}
      </div>
      {view === 'month' ? (
        <MonthCalendar />
      ) : view === 'week' ? (
        <WeekCalendar start={week} onWeekChange={showWeek} />
      ) : events.error && !events.data ? (
        <AlertMessage>{t('events.list.load_error')}</AlertMessage>
      ) : events.isPending ? (
        <LoadingMessage shape="table" />
      ) : occurrences.length > 0 ? (
        <>
          <OccurrencesByDay occurrences={occurrences} />
          {events.isFetchNextPageError && (
            <AlertMessage>{t('events.list.load_error')}</AlertMessage>
          )}
          <Pager query={events} />
        </>
      ) : (
        <p className={`card ${styles.empty}`} role="status">
          {t('events.list.empty')}
        </p>
      )}
    </>
  );
}
