import { type EventOccurrence, RSVP_ANSWERS, type RsvpAnswer } from '@guildhall/contract';
import { Check, CircleHelp, Hourglass, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useRsvp } from '@/lib/events/save-rsvp';
import styles from './events.module.css';

const ICONS = { going: Check, maybe: CircleHelp, not_going: X } as const;

/** Whether an occurrence still takes answers: not cancelled, and before its deadline. */
export const answersOpen = (occurrence: EventOccurrence, now = Date.now()): boolean =>
  !occurrence.cancelled && now < Date.parse(occurrence.rsvp_deadline);

interface RsvpButtonsProps {
  occurrence: EventOccurrence;
  /** The comment sent with the answer; the member's current one when left out. */
  comment?: string;
}

/**
 * The member's answer as three toggle buttons (aria-pressed), one click each; closed after the
 * deadline or when the occurrence is cancelled. A "going" answer on a full event waits in line.
 */
export function RsvpButtons({ occurrence, comment }: RsvpButtonsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const rsvp = useRsvp();
  const open = answersOpen(occurrence);
  const mine = occurrence.my_rsvp;
  // While the answer travels, the button shows it already.
  const shown: RsvpAnswer | undefined =
    rsvp.isPending && rsvp.variables.occurrenceId === occurrence._id
      ? rsvp.variables.body.answer
      : mine?.answer;

  function answer(choice: RsvpAnswer) {
    if (rsvp.isPending) return;
    rsvp.mutate(
      {
        occurrenceId: occurrence._id,
        body: { answer: choice, comment: comment ?? mine?.comment ?? '' },
      },
      {
        onError: (error) =>
          toast.error(
            t('events_common.rsvp.failed', { title: occurrence.title }),
            describe(error),
            {
              topic: `rsvp-${occurrence._id}`,
            },
          ),
      },
    );
  }

  return (
    <div className={styles.rsvp}>
      <div
        role="group"
        aria-label={t('events_common.rsvp.label', { title: occurrence.title })}
        className={styles.rsvpButtons}
      >
        {RSVP_ANSWERS.map((choice) => {
          const Icon = ICONS[choice];
          const pressed = shown === choice;
          return (
            <button
              key={choice}
              type="button"
              className={`button button-small ${styles.rsvpButton}`}
              data-answer={choice}
              aria-pressed={pressed}
              disabled={!open}
              onClick={() => answer(choice)}
            >
              <Icon size={16} aria-hidden="true" />
              {t(`events_common.rsvp.${choice}`)}
            </button>
          );
        })}
      </div>
      {mine?.waitlisted && mine.answer === 'going' && (
        <span className={styles.waitlisted}>
          <Hourglass size={14} aria-hidden="true" />
          {t('events_common.rsvp.waitlisted')}
        </span>
      )}
      {!open && !occurrence.cancelled && (
        <span className={styles.closed}>{t('events_common.rsvp.closed')}</span>
      )}
    </div>
  );
}

/** The occurrence's type, as a small badge. */
export function EventTypeBadge({ type }: { type: EventOccurrence['type'] }) {
  const { t } = useTranslation();
  return (
    <span className={styles.typeBadge} data-type={type}>
      {t(`events_common.types.${type}`)}
    </span>
  );
}

/** "5 présents · 2 peut-être", with the waiting list when there is one. */
export function RsvpCounts({ occurrence }: { occurrence: EventOccurrence }) {
  const { t } = useTranslation();
  const { counts, capacity } = occurrence;
  const parts = [
    capacity === null
      ? t('events_common.counts.going', { count: counts.going })
      : t('events_common.counts.going_of', { count: counts.going, capacity }),
    t('events_common.counts.maybe', { count: counts.maybe }),
  ];
  if (counts.waitlisted > 0) {
    parts.push(t('events_common.counts.waitlisted', { count: counts.waitlisted }));
  }
  return <span className={styles.counts}>{parts.join(' · ')}</span>;
}
