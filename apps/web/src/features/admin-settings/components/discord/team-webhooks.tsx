import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { can } from '@/lib/session/abilities';
import { useSignedInUser } from '@/lib/session/get-session';
import { useTeams } from '@/lib/teams/get-teams';
import shared from '../admin-tab.module.css';
import { AdminSection } from '../admin-section';
import styles from './discord.module.css';
import { WebhookForm } from './webhook-form';

/**
 * Each team's Discord channel, where the reminders of its events are posted: one webhook per
 * team, set, replaced or removed like the organisation's (same form, the team's endpoint).
 */
export function TeamWebhooks() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const user = useSignedInUser();
  const teams = useTeams();

  return (
    <AdminSection
      title={t('admin_settings.discord.team_webhooks.title')}
      description={t('admin_settings.discord.team_webhooks.description')}
      className={styles.section}
    >
      {teams.isError ? (
        <AlertMessage>
          {t('admin_settings.discord.team_webhooks.load_error')} {describe(teams.error)}
        </AlertMessage>
      ) : !teams.data ? (
        <LoadingMessage />
      ) : teams.data.length === 0 ? (
        <p className={shared.placeholder}>
          {t('admin_settings.discord.team_webhooks.empty')}{' '}
          {can(user, 'manage:teams') && (
            <Link to={{ search: '?tab=teams' }}>
              {t('admin_settings.discord.team_webhooks.teams_tab')}
            </Link>
          )}
        </p>
      ) : (
        <ul className={styles.teamList}>
          {teams.data.map((team) => (
            <li key={team._id}>
              <WebhookForm team={team} />
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
