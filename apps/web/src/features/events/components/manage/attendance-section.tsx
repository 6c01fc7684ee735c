import {
  ATTENDANCE_STATUSES,
  type AttendanceEntry,
  type AttendanceStatus,
  type EventOccurrenceDetail,
} from '@guildhall/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingMessage, AlertMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import { useAttendance } from '@/lib/events/get-attendance';
import { useMarkAttendance } from '@/lib/events/mark-attendance';
import { formatDateTime } from '@/lib/format-date';
import styles from './manage.module.css';
import { useHasPassed } from './use-has-passed';

/**
 * Who came, for the event's managers: every invited member marked present, absent, late or
 * excused, filled in from the answers until saved. Attendance opens at the start (the server
 * answers 409 before), so it is not asked for earlier.
 */
export function AttendanceSection({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const headingId = useId();
  const started = useHasPassed(occurrence.starts_at);
  const attendance = useAttendance(occurrence._id, started);

  return (
    <section className={`card ${styles.panel}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {t('events.manage.attendance.title')}
      </h2>
      {!started ? (
        <p className={styles.note}>
          {t('events.manage.attendance.opens', {
            date: formatDateTime(occurrence.starts_at, language),
          })}
        </p>
      ) : attendance.error ? (
        <AlertMessage>
          {isApiError(attendance.error, 'attendance_not_open')
            ? t('api_errors.attendance_not_open')
            : t('events.manage.attendance.load_error')}
        </AlertMessage>
      ) : attendance.isPending ? (
        <LoadingMessage shape="table" />
      ) : attendance.data.entries.length === 0 ? (
        <p className={styles.note}>{t('events.manage.attendance.empty')}</p>
      ) : (
        <AttendanceForm occurrenceId={occurrence._id} entries={attendance.data.entries} />
      )}
    </section>
  );
}

/** The marks chosen on screen and not saved yet, by member id. */
type Choices = ReadonlyMap<string, AttendanceStatus>;

/** What the screen shows for a member: its choice, else its saved mark, else the suggestion. */
const shownStatus = (entry: AttendanceEntry, choices: Choices): AttendanceStatus | null =>
  choices.get(entry.member._id) ?? entry.status ?? entry.suggested;

function AttendanceForm({
  occurrenceId,
  entries,
}: {
  occurrenceId: string;
  entries: AttendanceEntry[];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const mark = useMarkAttendance();
  const [choices, setChoices] = useState<Choices>(new Map());

  const shown = entries.map((entry) => ({ entry, status: shownStatus(entry, choices) }));
  // Sent: each mark shown that is not the one saved (a suggestion is not saved until then).
  const unsaved = shown.flatMap(({ entry, status }) =>
    status && status !== entry.status ? [{ user_id: entry.member._id, status }] : [],
  );
  const counts = Object.fromEntries(
    ATTENDANCE_STATUSES.map((status) => [
      status,
      shown.filter((line) => line.status === status).length,
    ]),
  ) as Record<AttendanceStatus, number>;
  const unmarked = shown.filter((line) => line.status === null).length;

  function choose(memberId: string, status: AttendanceStatus) {
    setChoices((previous) => new Map(previous).set(memberId, status));
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mark.isPending || unsaved.length === 0) return;
    mark.mutate(
      { occurrenceId, entries: unsaved },
      {
        onSuccess: () => {
          setChoices(new Map());
          toast.success(t('events.manage.attendance.saved'));
        },
        onError: (error) => toast.error(t('events.manage.attendance.save_failed'), describe(error)),
      },
    );
  }

  return (
    <form className={styles.attendance} onSubmit={save}>
      <p className={styles.note}>{t('events.manage.attendance.prefilled')}</p>
      <ul className={styles.counts} aria-label={t('events.manage.attendance.summary')}>
        {ATTENDANCE_STATUSES.map((status) => (
          <li key={status} data-status={status}>
            {t(`events.manage.attendance.count.${status}`, { count: counts[status] })}
          </li>
        ))}
        {unmarked > 0 && (
          <li>{t('events.manage.attendance.count.unmarked', { count: unmarked })}</li>
        )}
      </ul>
      <ul className={styles.members}>
        {shown.map(({ entry, status }) => (
          <MemberMarks
            key={entry.member._id}
            entry={entry}
            status={status}
            onChoose={(chosen) => choose(entry.member._id, chosen)}
          />
        ))}
      </ul>
      <div className={styles.saveBar}>
        <p className={styles.note} role="status">
          {unsaved.length > 0
            ? t('events.manage.attendance.unsaved', { count: unsaved.length })
            : t('events.manage.attendance.all_saved')}
        </p>
        <button
          type="submit"
          className="button button-primary"
          aria-disabled={mark.isPending || unsaved.length === 0}
        >
          {t('events.manage.attendance.save')}
        </button>
      </div>
    </form>
  );
}

/** One member's four choices: a radio group named after the member (arrow keys move in it). */
function MemberMarks({
  entry,
  status,
  onChoose,
}: {
  entry: AttendanceEntry;
  status: AttendanceStatus | null;
  onChoose: (status: AttendanceStatus) => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <li className={styles.member}>
      <span id={nameId} className={styles.memberName}>
        {entry.member.pseudo}
      </span>
      <div role="radiogroup" aria-labelledby={nameId} className={styles.choices}>
        {ATTENDANCE_STATUSES.map((choice) => (
          <label key={choice} className={styles.choice} data-status={choice}>
            <input
              type="radio"
              className="visually-hidden"
              name={`attendance-${entry.member._id}`}
              value={choice}
              checked={status === choice}
              onChange={() => onChoose(choice)}
            />
            {t(`events.manage.attendance.statuses.${choice}`)}
          </label>
        ))}
      </div>
    </li>
  );
}
