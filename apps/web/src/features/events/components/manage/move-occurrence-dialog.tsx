import {
  type EventOccurrenceDetail,
  type OccurrencePatch,
  occurrencePatchSchema,
} from '@guildhall/contract';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogClose } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useLanguage } from '@/i18n/use-language';
import { useApiErrorText } from '@/lib/api-error-text';
import { type ProblemKeys, useContractForm } from '@/lib/contract-form';
import { instantToZonedInput, zonedInputToInstant } from '@/lib/events/event-time';
import { usePatchOccurrence } from '@/lib/events/patch-occurrence';
import { formatDateTime } from '@/lib/format-date';
import styles from './manage.module.css';

/** Moves this one date: its start and end, typed in the event's time zone. */
export function MoveOccurrenceDialog({ occurrence }: { occurrence: EventOccurrenceDetail }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="button">
          <CalendarClock size={16} aria-hidden="true" />
          {t('events.manage.move')}
        </button>
      }
      title={t('events.manage.move_title', {
        title: occurrence.title,
        date: formatDateTime(occurrence.starts_at, language),
      })}
      description={t('events.manage.move_description', { zone: occurrence.time_zone })}
      closeLabel={t('events.manage.close')}
      className={styles.dialog}
      titleClassName={styles.dialogTitle}
    >
      <MoveForm occurrence={occurrence} onMoved={() => setOpen(false)} />
    </Dialog>
  );
}

interface MoveValues {
  starts_at: string;
  ends_at: string;
}

/** A blank or wrong date says so; an end not after the start says that. */
const MOVE_PROBLEMS: ProblemKeys = {
  starts_at: { empty: 'events.form.problems.date', invalid: 'events.form.problems.date' },
  ends_at: {
    empty: 'events.form.problems.date',
    invalid: 'events.form.problems.ends_before_start',
  },
};

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
  const form = useContractForm<MoveValues, OccurrencePatch>({
    schema: occurrencePatchSchema,
    defaultValues: {
      starts_at: instantToZonedInput(occurrence.starts_at, zone),
      ends_at: instantToZonedInput(occurrence.ends_at, zone),
    },
    // Both dates always: a blank one is an empty text, which the contract refuses on its field.
    toBody: (values) => ({
      starts_at: zonedInputToInstant(values.starts_at, zone) ?? '',
      ends_at: zonedInputToInstant(values.ends_at, zone) ?? '',
    }),
    problems: MOVE_PROBLEMS,
  });

  const submit = form.submit((body) => {
    if (patch.isPending) return;
    patch.mutate(
      { occurrenceId: occurrence._id, patch: body },
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
        onError: (error) => {
          toast.error(t('events.manage.move_failed'), describe(error));
          form.showServerIssues(error);
        },
      },
    );
  });

  return (
    <form className={styles.moveForm} noValidate onSubmit={submit}>
      <TextField
        type="datetime-local"
        label={t('events.form.starts_at')}
        required
        hint={t('events.form.in_zone', { zone })}
        {...form.field('starts_at')}
      />
      <TextField
        type="datetime-local"
        label={t('events.form.ends_at')}
        required
        hint={t('events.form.in_zone', { zone })}
        {...form.field('ends_at')}
      />
      <div className={styles.dialogActions}>
        <DialogClose className="button">{t('confirm.cancel')}</DialogClose>
        <button type="submit" className="button button-primary" aria-disabled={patch.isPending}>
          {t('events.manage.move_submit')}
        </button>
      </div>
    </form>
  );
}
