import type { EventOccurrenceDetail } from '@guildhall/contract';
import { BellRing, CalendarX, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import { usePatchOccurrence } from '@/lib/events/patch-occurrence';
import { useRemindOccurrence } from '@/lib/events/remind-occurrence';
import { formatDateTime } from '@/lib/format-date';
import { can } from '@/lib/session/abilities';
import { useSignedInUser } from '@/lib/session/get-session';
import { MoveOccurrenceDialog } from './move-occurrence-dialog';
import styles from './manage.module.css';
import { useHasPassed } from './use-has-passed';

/**
 * What a manager does to this one date of the event: move it, cancel or restore it (exceptions
 * its series keeps), and remind the invited members in Discord now.
 */
export function OccurrenceTools({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const headingId = useId();
  // A reminder is for a date still to come.
  const started = useHasPassed(occurrence.starts_at);
  return (
    <section className={`card ${styles.panel}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.panelTitle}>
        {t('events.manage.tools')}
      </h2>
      <div className={styles.actions}>
        {!occurrence.cancelled && <MoveOccurrenceDialog occurrence={occurrence} />}
        <CancelOrRestore occurrence={occurrence} />
      </div>
      {!occurrence.cancelled &&
        !started &&
        // The server counts the channels a reminder would go to: without one, it would refuse.
        (occurrence.reminder_channels === 0 ? (
          <NoReminderChannel occurrence={occurrence} />
        ) : (
          <RemindNow occurrence={occurrence} />
        ))}
    </section>
  );
}

function CancelOrRestore({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const toast = useToast();
  const describe = useApiErrorText();
  const patch = usePatchOccurrence();
  const names = { title: occurrence.title, date: formatDateTime(occurrence.starts_at, language) };

  function setCancelled(cancelled: boolean) {
    if (patch.isPending) return;
    patch.mutate(
      { occurrenceId: occurrence._id, patch: { cancelled } },
      {
        onSuccess: () =>
          toast.success(t(cancelled ? 'events.manage.cancelled' : 'events.manage.restored', names)),
        onError: (error) =>
          toast.error(
            t(cancelled ? 'events.manage.cancel_failed' : 'events.manage.restore_failed'),
            describe(error),
          ),
      },
    );
  }

  if (occurrence.cancelled) {
    return (
      <button
        type="button"
        className="button"
        aria-disabled={patch.isPending}
        onClick={() => setCancelled(false)}
      >
        <RotateCcw size={16} aria-hidden="true" />
        {t('events.manage.restore')}
      </button>
    );
  }
  return (
    <ConfirmDialog
      title={t('events.manage.cancel_title', names)}
      description={t('events.manage.cancel_description')}
      confirmLabel={t('events.manage.cancel')}
      cancelLabel={t('events.manage.keep')}
      onConfirm={() => setCancelled(true)}
    >
      <button type="button" className="button" aria-disabled={patch.isPending}>
        <CalendarX size={16} aria-hidden="true" />
        {t('events.manage.cancel')}
      </button>
    </ConfirmDialog>
  );
}

/** The reminder posted now, and what came of it, said where the button is. */
function RemindNow({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const remind = useRemindOccurrence();
  const hintId = useId();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  function send() {
    if (remind.isPending) return;
    setOutcome(null);
    remind.mutate(occurrence._id, {
      onSuccess: ({ channels }) =>
        setOutcome({ ok: true, text: t('events.manage.reminded', { count: channels }) }),
      onError: (error) =>
        setOutcome({
          ok: false,
          text: isApiError(error, 'discord_webhook_not_configured')
            ? t('events.manage.remind_no_webhook')
            : t('events.manage.remind_failed', { reason: describe(error) }),
        }),
    });
  }

  return (
    <div className={styles.remind}>
      <button
        type="button"
        className="button"
        aria-describedby={hintId}
        aria-disabled={remind.isPending}
        onClick={send}
      >
        <BellRing size={16} aria-hidden="true" />
        {t('events.manage.remind')}
      </button>
      <p id={hintId} className={styles.note}>
        {occurrence.audience.kind === 'organization'
          ? t('events.manage.remind_hint_organization')
          : t('events.manage.remind_hint')}
      </p>
      <p role="status" className={styles.outcome} data-failed={outcome?.ok === false || undefined}>
        {outcome?.text}
      </p>
    </div>
  );
}

/** Where the reminder button would be: why there is none, and where its channel is set. */
function NoReminderChannel({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const forOrganization = occurrence.audience.kind === 'organization';
  return (
    <p className={styles.note}>
      {forOrganization
        ? t('events.manage.remind_no_channel_organization')
        : t('events.manage.remind_no_channel_teams')}{' '}
      {can(user, 'manage:discord') ? (
        // Both channels are set in the Discord tab: the announcements', and each team's.
        <Link to="/settings/organization?tab=discord">
          {forOrganization
            ? t('events.manage.remind_set_announcements')
            : t('events.manage.remind_set_team_channel')}
        </Link>
      ) : (
        t('events.manage.remind_ask_admin')
      )}
    </p>
  );
}
