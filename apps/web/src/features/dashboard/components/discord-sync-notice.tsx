import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { can } from '@/lib/session/abilities';
import { useSignedInUser } from '@/lib/session/get-session';
import { useDiscordSyncStatus } from '@/lib/discord/get-discord-sync-status';
import styles from './discord-sync-notice.module.css';

/**
 * Tells the admins, on the first screen, that the scheduled Discord sync has failed twice or more
 * in a row (the server says when: `failing`), with the way to the Discord tab that says why.
 * Asked only by members who may manage Discord: the others would get a 403.
 */
export function DiscordSyncNotice() {
  const user = useSignedInUser();
  return can(user, 'manage:discord') ? <FailingSyncNotice /> : null;
}

function FailingSyncNotice() {
  const { t } = useTranslation();
  // Loading or unreadable: nothing to say here, the Discord tab shows its own state.
  const { data: status } = useDiscordSyncStatus();
  if (!status?.failing) return null;
  return (
    <section className={styles.notice} aria-label={t('dashboard.discord_sync.label')}>
      <TriangleAlert className={styles.icon} size={20} aria-hidden="true" />
      <p className={styles.text}>
        {t('dashboard.discord_sync.failing')}{' '}
        <Link to="/settings/organization?tab=discord">{t('dashboard.discord_sync.link')}</Link>
      </p>
    </section>
  );
}
