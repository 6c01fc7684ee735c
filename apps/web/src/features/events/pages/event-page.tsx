import type { EventOccurrenceDetail, Rsvp } from '@guildhall/contract';
import { RSVP_COMMENT_MAX_LENGTH } from '@guildhall/contract';
import { ArrowLeft, Hourglass, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  answersOpen,
  EventTypeBadge,
  RsvpButtons,
  RsvpCounts,
} from '@/components/events/rsvp-buttons';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { SafeMarkup } from '@/components/ui/safe-markup';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useTextsPart } from '@/i18n/i18n';
import { useLanguage } from '@/i18n/use-language';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import { formatDateTimeRange, readerTimeZone, sameOffsetAt } from '@/lib/events/event-time';
import { useDeleteEvent } from '@/lib/events/delete-event';
import { useOccurrence } from '@/lib/events/get-occurrence';
import { formatDateTime } from '@/lib/format-date';
import styles from '../components/events.module.css';
import { AttendanceSection } from '../components/manage/attendance-section';
import { OccurrenceTools } from '../components/manage/occurrence-tools';

/**
 * `/events/:occurrenceId`: an occurrence's details, the member's answer with a comment, who is
 * coming; its managers also see every answer, who has not answered, and edit or delete it,
 * move, cancel or restore this date, remind the members now and mark who came.
 */
export function EventPage() {
  useTextsPart('events');
  const { t } = useTranslation();
  const { occurrenceId = '' } = useParams();
  const { data: occurrence, error, isPending } = useOccurrence(occurrenceId);

  if (error) {
    return (
      <>
        <PageHeader title={t('events.page.not_found_title')} />
        <AlertMessage>
          {isApiError(error, 'event_not_found')
            ? t('api_errors.event_not_found')
            : t('events.page.load_error')}
        </AlertMessage>
        <BackToEvents />
      </>
    );
  }
  if (isPending) return <LoadingMessage shape="page" />;
  return <OccurrenceDetails occurrence={occurrence} />;
}

function BackToEvents() {
  const { t } = useTranslation();
  return (
    <p>
      <Link to="/events" className={styles.backLink}>
        <ArrowLeft size={16} aria-hidden="true" />
        {t('events.page.back')}
      </Link>
    </p>
  );
}

function OccurrenceDetails({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const zoneDiffers = !sameOffsetAt(occurrence.starts_at, occurrence.time_zone, readerTimeZone());

  return (
    <div className={styles.page}>
      <BackToEvents />
      <PageHeader title={occurrence.title} />
      <div className={styles.badges}>
        <EventTypeBadge type={occurrence.type} />
        {occurrence.cancelled && (
          <span className={styles.cancelled}>{t('events_common.cancelled')}</span>
        )}
      </div>
      {occurrence.can_manage && <ManagerActions occurrence={occurrence} />}

      <section className={`card ${styles.panel}`} aria-label={t('events.page.details')}>
        <dl className={styles.facts}>
          <dt>{t('events.page.when')}</dt>
          <dd>
            <time dateTime={occurrence.starts_at}>
              {formatDateTimeRange(occurrence.starts_at, occurrence.ends_at, language)}
            </time>
            {zoneDiffers && (
              <p className={styles.note}>
                {t('events.page.event_time', {
                  time: formatDateTimeRange(
                    occurrence.starts_at,
                    occurrence.ends_at,
                    language,
                    occurrence.time_zone,
                  ),
                  zone: occurrence.time_zone,
                })}
              </p>
            )}
          </dd>
          {occurrence.location && (
            <>
              <dt>{t('events.page.location')}</dt>
              <dd>{occurrence.location}</dd>
            </>
          )}
          {occurrence.opponent && (
            <>
              <dt>{t('events.page.opponent')}</dt>
              <dd>{occurrence.opponent}</dd>
            </>
          )}
          <dt>{t('events.page.audience')}</dt>
          <dd>
            <AudienceText occurrence={occurrence} />
          </dd>
          <dt>{t('events.page.answers')}</dt>
          <dd>
            <RsvpCounts occurrence={occurrence} />
          </dd>
          <dt>{t('events.page.deadline')}</dt>
          <dd>{formatDateTime(occurrence.rsvp_deadline, language)}</dd>
        </dl>
        {occurrence.description && (
          <SafeMarkup markup={occurrence.description} className={styles.description} />
        )}
      </section>

      {/* The member's own answer first; a manager's tools follow it. */}
      {occurrence.invited && (
        <MyAnswer key={occurrence.my_rsvp?.comment ?? ''} occurrence={occurrence} />
      )}

      {occurrence.can_manage && <OccurrenceTools occurrence={occurrence} />}
      {occurrence.can_manage && !occurrence.cancelled && (
        <AttendanceSection occurrence={occurrence} />
      )}

      <section className={`card ${styles.panel}`} aria-labelledby="event-going">
        <h2 id="event-going" className={styles.panelTitle}>
          {t('events.page.going_title', { count: occurrence.going.length })}
        </h2>
        {occurrence.going.length > 0 ? (
          <ul className={styles.names}>
            {occurrence.going.map((member) => (
              <li key={member._id}>{member.pseudo}</li>
            ))}
          </ul>
        ) : (
          <p className={styles.note}>{t('events.page.nobody_going')}</p>
        )}
      </section>

      {occurrence.answers && <EveryAnswer answers={occurrence.answers} />}
      {occurrence.unanswered && (
        <section className={`card ${styles.panel}`} aria-labelledby="event-unanswered">
          <h2 id="event-unanswered" className={styles.panelTitle}>
            {t('events.page.unanswered_title', { count: occurrence.unanswered.count })}
          </h2>
          {occurrence.unanswered.members.length > 0 && (
            <ul className={styles.names}>
              {occurrence.unanswered.members.map((member) => (
                <li key={member._id}>{member.pseudo}</li>
              ))}
            </ul>
          )}
          {occurrence.unanswered.count > occurrence.unanswered.members.length && (
            <p className={styles.note}>
              {t('events.page.unanswered_more', {
                count: occurrence.unanswered.count - occurrence.unanswered.members.length,
              })}
            </p>
          )}
        </section>
      )}
    </div>
  );
}

/** Who the occurrence is for: everyone, or its teams and roles by name. */
function AudienceText({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { audience } = occurrence;
  if (audience.kind === 'organization') return t('events.page.audience_everyone');
  const names =
    audience.kind === 'teams'
      ? audience.teams.map((team) => team.name)
      : audience.roles.map((role) => `${role.name} (${role.team_name})`);
  return names.length > 0
    ? new Intl.ListFormat(language, { type: 'conjunction' }).format(names)
    : t('events.page.audience_none');
}

/** The member's answer, with an optional comment sent along with it. */
function MyAnswer({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState(occurrence.my_rsvp?.comment ?? '');
  const open = answersOpen(occurrence);
  const headingId = useId();
  return (
    <section className={`card ${styles.panel}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {t('events.page.my_answer')}
      </h2>
      <TextField
        label={t('events.page.comment')}
        hint={t('events.page.comment_hint')}
        value={comment}
        maxLength={RSVP_COMMENT_MAX_LENGTH}
        disabled={!open}
        onChange={(event) => setComment(event.target.value)}
      />
      <RsvpButtons occurrence={occurrence} comment={comment} />
    </section>
  );
}

const answerOrder = { going: 0, maybe: 1, not_going: 2 } as const;

/** Every answer, for the event's managers: going first, the waiting list marked. */
function EveryAnswer({ answers }: { answers: Rsvp[] }) {
  const { t } = useTranslation();
  const sorted = [...answers].sort(
    (a, b) =>
      answerOrder[a.answer] - answerOrder[b.answer] ||
      Number(a.waitlisted) - Number(b.waitlisted) ||
      a.answered_at.localeCompare(b.answered_at),
  );
  return (
    <section className={`card ${styles.panel}`} aria-labelledby="event-answers">
      <h2 id="event-answers" className={styles.panelTitle}>
        {t('events.page.every_answer', { count: answers.length })}
      </h2>
      {answers.length > 0 ? (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('events.page.every_answer_caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('events.page.member')}</th>
                <th scope="col">{t('events.page.answer')}</th>
                <th scope="col">{t('events.page.comment')}</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((rsvp) => (
                <tr key={rsvp.member._id}>
                  <th scope="row">{rsvp.member.pseudo}</th>
                  <td>
                    {t(`events_common.rsvp.${rsvp.answer}`)}
                    {rsvp.waitlisted && (
                      <span className={styles.waitlistMark}>
                        <Hourglass size={14} aria-hidden="true" />
                        {t('events.page.waitlisted')}
                      </span>
                    )}
                  </td>
                  <td>{rsvp.comment}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={styles.note}>{t('events.page.no_answer')}</p>
      )}
    </section>
  );
}

/** Edit the series, or delete it with every answer after a confirmation. */
function ManagerActions({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const navigate = useNavigate();
  const deleteEvent = useDeleteEvent();

  function remove() {
    deleteEvent.mutate(occurrence.event_id, {
      onSuccess: () => {
        toast.success(t('events.page.deleted', { title: occurrence.title }));
        void navigate('/events');
      },
      onError: (error) =>
        toast.error(t('events.page.delete_failed', { title: occurrence.title }), describe(error)),
    });
  }

  return (
    <div className={styles.actions}>
      <Link className="button" to={`/events/${occurrence.event_id}/edit`}>
        <Pencil size={16} aria-hidden="true" />
        {t('events.page.edit')}
      </Link>
      <ConfirmDialog
        title={t('events.page.delete_title', { title: occurrence.title })}
        description={t('events.page.delete_description')}
        confirmLabel={t('events.page.delete')}
        onConfirm={remove}
      >
        <button type="button" className="button" aria-disabled={deleteEvent.isPending}>
          <Trash2 size={16} aria-hidden="true" />
          {t('events.page.delete')}
        </button>
      </ConfirmDialog>
    </div>
  );
}
