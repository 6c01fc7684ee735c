import type { EventOccurrenceDetail } from '@guildhall/contract';
import { CalendarClock, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';
import { useApiErrorText } from '@/lib/api-error-text';
import { instantToZonedInput, zonedInputToInstant } from '@/lib/events/event-time';
import { usePatchOccurrence } from '@/lib/events/events-api';
import { formatDateTime } from '@/lib/format-date';
import styles from './manage.module.css';

/** Moves this one date: its start and end, typed in the event's time zone. */
export function MoveOccurrenceDialog({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button">
          <CalendarClock size={16} aria-hidden="true" />
          {t('events.manage.move')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <div className={styles.dialogHeader}>
            <Dialog.Title className={styles.dialogTitle}>
              {t('events.manage.move_title', {
                title: occurrence.title,
                date: formatDateTime(occurrence.starts_at, language),
              })}
            </Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('events.manage.close')}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.dialogDescription}>
            {t('events.manage.move_description', { zone: occurrence.time_zone })}
          </Dialog.Description>
          <MoveForm occurrence={occurrence} onMoved={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function MoveForm({
  occurrence,
  onMoved,
}: {
  occurrence: EventOccurrenceDetail;
  onMoved: () => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const toast = useToast();
  const describe = useApiErrorText();
  const patch = usePatchOccurrence();
  const zone = occurrence.time_zone;
  const [startsAt, setStartsAt] = useState(() => instantToZonedInput(occurrence.starts_at, zone));
  const [endsAt, setEndsAt] = useState(() => instantToZonedInput(occurrence.ends_at, zone));
  const [checked, setChecked] = useState(false);

  const start = zonedInputToInstant(startsAt, zone);
  const end = zonedInputToInstant(endsAt, zone);
  const validStart = start !== null && !Number.isNaN(Date.parse(start));
  const validEnd = end !== null && !Number.isNaN(Date.parse(end));
  const startError = validStart ? undefined : t('events.form.problems.date');
  const endError = !validEnd
    ? t('events.form.problems.date')
    : validStart && Date.parse(end) <= Date.parse(start)
      ? t('events.form.problems.ends_before_start')
      : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecked(true);
    if (startError || endError || !start || !end || patch.isPending) return;
    patch.mutate(
      { occurrenceId: occurrence._id, patch: { starts_at: start, ends_at: end } },
      {
        onSuccess: (moved) => {
          toast.success(
            t('events.manage.moved', {
              title: occurrence.title,
              date: formatDateTime(moved.starts_at, language),
            }),
          );
          onMoved();
        },
        onError: (error) => toast.error(t('events.manage.move_failed'), describe(error)),
      },
    );
  }

  return (
    <form className={styles.moveForm} noValidate onSubmit={submit}>
      <TextField
        type="datetime-local"
        label={t('events.form.starts_at')}
        required
        hint={t('events.form.in_zone', { zone })}
        error={checked ? startError : undefined}
        value={startsAt}
        onChange={(event) => setStartsAt(event.target.value)}
      />
      <TextField
        type="datetime-local"
        label={t('events.form.ends_at')}
        required
        hint={t('events.form.in_zone', { zone })}
        error={checked ? endError : undefined}
        value={endsAt}
        onChange={(event) => setEndsAt(event.target.value)}
      />
      <div className={styles.dialogActions}>
        <Dialog.Close className="button">{t('confirm.cancel')}</Dialog.Close>
        <button type="submit" className="button button-primary" aria-disabled={patch.isPending}>
          {t('events.manage.move_submit')}
        </button>
      </div>
    </form>
  );
}
