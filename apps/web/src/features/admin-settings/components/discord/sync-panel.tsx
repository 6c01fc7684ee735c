import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useSyncDiscord } from '../../api/discord';
import shared from '../admin-tab.module.css';
import styles from './discord.module.css';

/** "Sync now": every member read again from the Discord server, and what that changed. */
export function SyncPanel() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const sync = useSyncDiscord();
  const headingId = useId();

  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <div>
        <h3 id={headingId} className={styles.sectionTitle}>
          {t('admin_settings.discord.sync.title')}
        </h3>
        <p className={shared.note}>{t('admin_settings.discord.sync.description')}</p>
      </div>
      <div>
        <button
          type="button"
          className="button button-primary"
          aria-disabled={sync.isPending}
          onClick={() => {
            if (!sync.isPending) sync.mutate();
          }}
        >
          <RefreshCw size={18} aria-hidden="true" />
          {sync.isPending
            ? t('admin_settings.discord.sync.running')
            : t('admin_settings.discord.sync.start')}
        </button>
      </div>
      <div role="status">
        {sync.isSuccess && (
          <p className={styles.report}>{t('admin_settings.discord.sync.report', sync.data)}</p>
        )}
      </div>
      {sync.isError && (
        <AlertMessage>
          {t('admin_settings.discord.sync.failed')} {describe(sync.error)}
        </AlertMessage>
      )}
    </section>
  );
}
