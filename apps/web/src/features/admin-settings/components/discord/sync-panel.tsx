import { DISCORD_SYNC_INTERVALS, type DiscordSyncStatus } from '@guildhall/contract';
import { RefreshCw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useDateFormat } from '@/lib/format-date';
import { useDiscordSyncStatus } from '@/lib/discord/get-discord-sync-status';
import { useSaveSyncSchedule } from '../../api/save-sync-schedule';
import { useSyncDiscord } from '../../api/sync-discord';
import { AdminSection } from '../admin-section';
import styles from './discord.module.css';
import { SyncJobState } from './sync-job-state';

type Interval = DiscordSyncStatus['interval_minutes'];

/** The sync: how often it runs, when it last did, and "sync now" with what that changed. */
export function SyncPanel() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const status = useDiscordSyncStatus({ alwaysAsk: true });
  const sync = useSyncDiscord();

  return (
    <AdminSection
      title={t('admin_settings.discord.sync.title')}
      description={t('admin_settings.discord.sync.description')}
    >
      {status.error ? (
        <AlertMessage>
          {t('admin_settings.discord.sync.status_error')} {describe(status.error)}
        </AlertMessage>
      ) : status.data ? (
        <>
          <SyncState status={status.data} />
          <SyncJobState />
          <ScheduleForm saved={status.data.interval_minutes} />
        </>
      ) : (
        <LoadingMessage />
      )}

      <div className={styles.actions}>
        <SyncButton sync={sync} label={t('admin_settings.discord.sync.start')} />
        <div role="status" className={styles.inlineStatus}>
          {sync.isSuccess && (
            <p className={styles.report}>{t('admin_settings.discord.sync.report', sync.data)}</p>
          )}
        </div>
      </div>
      {sync.isError && (
        <AlertMessage>
          {t('admin_settings.discord.sync.failed')} {describe(sync.error)}
        </AlertMessage>
      )}
    </AdminSection>
  );
}

/** "Sync now" (for everyone or one member): ignored while a sync runs, saying so. */
export function SyncButton({
  sync,
  label,
}: {
  sync: ReturnType<typeof useSyncDiscord>;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="button button-primary"
      aria-disabled={sync.isPending}
      onClick={() => {
        if (!sync.isPending) sync.mutate();
      }}
    >
      <RefreshCw size={18} aria-hidden="true" />
      {sync.isPending ? t('admin_settings.discord.sync.running') : label}
    </button>
  );
}

/**
 * When the guild was last read and when it will be next; without a bot, why it is not; the last
 * failure, why and when, kept after later syncs so that a sync that fails now and then shows.
 */
function SyncState({ status }: { status: DiscordSyncStatus }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const at = (iso: string) => format.dateTime(iso) ?? t('common.unknown_date');
  const lines = [
    status.last_finished_at
      ? t('admin_settings.discord.sync.last', { at: at(status.last_finished_at) })
      : t('admin_settings.discord.sync.never'),
    status.running
      ? t('admin_settings.discord.sync.in_progress')
      : status.next_at
        ? t('admin_settings.discord.sync.next', { at: at(status.next_at) })
        : t('admin_settings.discord.sync.no_schedule'),
    ...(status.last_failure
      ? [
          t('admin_settings.discord.sync.last_failure', {
            at: at(status.last_failure.at),
            reason: t(`admin_settings.discord.sync.failures.${status.last_failure.code}`),
          }),
        ]
      : []),
  ];
  return (
    <ul className={styles.facts}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** How often the guild is re-read: one of the server's intervals, saved with its button. */
function ScheduleForm({ saved }: { saved: Interval }) {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const save = useSaveSyncSchedule();
  const [interval, setInterval] = useState<Interval>(saved);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) save.mutate({ interval_minutes: interval });
  };

  return (
    <form className={styles.inline} onSubmit={submit}>
      <SelectField
        label={t('admin_settings.discord.sync.interval')}
        value={interval}
        onChange={(event) => {
          const chosen = DISCORD_SYNC_INTERVALS.find(
            (minutes) => String(minutes) === event.target.value,
          );
          if (chosen) setInterval(chosen);
        }}
      >
        {DISCORD_SYNC_INTERVALS.map((minutes) => (
          <option key={minutes} value={minutes}>
            {minutes < 60
              ? t('admin_settings.discord.sync.every_minutes', { count: minutes })
              : t('admin_settings.discord.sync.every_hours', { count: minutes / 60 })}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="button" aria-disabled={save.isPending}>
        {t('admin_settings.discord.sync.save_interval')}
      </button>
      <div role="status" className={styles.inlineStatus}>
        {save.isSuccess &&
          save.variables.interval_minutes === interval &&
          t('admin_settings.discord.sync.interval_saved')}
      </div>
      {save.isError && (
        <AlertMessage>
          {t('admin_settings.discord.sync.interval_failed')} {describe(save.error)}
        </AlertMessage>
      )}
    </form>
  );
}
