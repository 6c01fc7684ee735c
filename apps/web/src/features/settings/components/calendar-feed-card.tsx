import type { CalendarFeedCreated } from '@guildhall/contract';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { AlertMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { useTextsPart } from '@/i18n/i18n';
import { useApiErrorText } from '@/lib/api-error-text';
import { useDateFormat } from '@/lib/format-date';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeed } from '../api/get-calendar-feed';
import { useRevokeCalendarFeed } from '../api/revoke-calendar-feed';
import fieldStyles from '@/components/ui/field.module.css';
import styles from './connections.module.css';

/**
 * The member's private calendar address (iCalendar), which Google Calendar, Apple Calendar and
 * Outlook subscribe to. The server keeps only its hash: the address is shown once, when made; a
 * new one replaces it, and revoking stops it.
 */
export function CalendarFeedCard() {
  // Its texts come with the events' (decision 012): the first paint does not carry them.
  useTextsPart('events');
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const { date } = useDateFormat();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);

  const makeAddress = () =>
    create.mutate(undefined, {
      onSuccess: setCreated,
      onError: (error) => toast.error(t('calendar_feed.create_failed'), describe(error)),
    });
  const revokeAddress = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        toast.success(t('calendar_feed.revoked'));
      },
      onError: (error) => toast.error(t('calendar_feed.revoke_failed'), describe(error)),
    });

  if (feed.isPending) {
    return (
      <SkeletonGroup className={`card ${styles.card}`}>
        <Skeleton width="100%" height="1rem" />
        <Skeleton width="12rem" height="2.25rem" />
      </SkeletonGroup>
    );
  }
  if (feed.isError) return <AlertMessage>{t('calendar_feed.load_error')}</AlertMessage>;
  const since = feed.data.created_at ? date(feed.data.created_at) : null;

  return (
    <div className={`card ${styles.card}`}>
      <p className={styles.description}>{t('calendar_feed.description')}</p>
      {created && <NewAddress created={created} />}
      {!created && feed.data.active && (
        <p className={styles.description}>{t('calendar_feed.active', { date: since })}</p>
      )}
      <div className={styles.cardHeader}>
        {feed.data.active ? (
          <>
            <ConfirmDialog
              title={t('calendar_feed.replace_title')}
              description={t('calendar_feed.replace_description')}
              confirmLabel={t('calendar_feed.replace')}
              onConfirm={makeAddress}
            >
              <button type="button" className="button" disabled={create.isPending}>
                {t('calendar_feed.replace')}
              </button>
            </ConfirmDialog>
            <ConfirmDialog
              title={t('calendar_feed.revoke_title')}
              description={t('calendar_feed.revoke_description')}
              confirmLabel={t('calendar_feed.revoke')}
              onConfirm={revokeAddress}
            >
              <button type="button" className="button button-danger" disabled={revoke.isPending}>
                {t('calendar_feed.revoke')}
              </button>
            </ConfirmDialog>
          </>
        ) : (
          <button
            type="button"
            className="button button-primary"
            disabled={create.isPending}
            onClick={makeAddress}
          >
            {t('calendar_feed.create')}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The address just made, shown once: in a read-only field (selected whole when focused), with a
 * copy button and a link that opens it in a calendar app. What comes of the copy is said here,
 * not in a toast: toasts stand over the bottom of a phone's screen, where this card often is,
 * and a failed copy (no clipboard outside HTTPS) leaves the address selected to copy by hand.
 */
function NewAddress({ created }: { created: CalendarFeedCreated }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  return (
    <div className={styles.feedAddress}>
      <p className={styles.description}>{t('calendar_feed.shown_once')}</p>
      <label className="visually-hidden" htmlFor={fieldId}>
        {t('calendar_feed.address')}
      </label>
      <input
        ref={field}
        id={fieldId}
        className={`${fieldStyles.input} ${styles.feedField}`}
        readOnly
        value={created.url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className={styles.feedActions}>
        <CopyButton
          showLabel
          label={t('calendar_feed.copy')}
          copiedMessage={t('calendar_feed.copied')}
          getText={() => {
            setCopyFailed(false);
            return Promise.resolve(created.url);
          }}
          onError={() => {
            setCopyFailed(true);
            field.current?.focus();
          }}
        />
        <a className="button button-small" href={created.webcal_url}>
          {t('calendar_feed.open')}
        </a>
      </div>
      {copyFailed && (
        <p role="alert" className={styles.description}>
          {t('calendar_feed.copy_failed')}
        </p>
      )}
    </div>
  );
}
