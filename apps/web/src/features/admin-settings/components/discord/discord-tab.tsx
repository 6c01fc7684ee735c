import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useTeams } from '@/lib/teams/get-teams';
import { useDiscordMappings } from '../../api/get-discord-mappings';
import { useDiscordRoles } from '../../api/get-discord-roles';
import shared from '../admin-tab.module.css';
import styles from './discord.module.css';
import { ImportPanel } from './import-panel';
import { MappingsForm } from './mappings-form';
import { MemberAccess } from './member-access';
import { MembershipHistory } from './membership-history';
import { SyncPanel } from './sync-panel';
import { TeamWebhooks } from './team-webhooks';
import { WebhookForm } from './webhook-form';

/**
 * The admin settings' Discord tab (docs/decisions/034-access-follows-discord.md): what each
 * Discord role grants, the sync (its schedule, on demand, one member), importing the guild's
 * members, where announcements and each team's event reminders are posted, and the history of
 * members' access.
 */
export function DiscordTab() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const headingId = useId();
  const roles = useDiscordRoles();
  const mappings = useDiscordMappings();
  const teams = useTeams();
  const loadError = mappings.error ?? teams.error;

  return (
    <section className={shared.tab} aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className={shared.tabTitle}>
          {t('admin_settings.discord.title')}
        </h2>
        <p className={shared.note}>{t('admin_settings.discord.description')}</p>
      </div>

      {roles.data?.bot === false && (
        <p className={`card ${styles.explanation}`}>{t('admin_settings.discord.no_bot')}</p>
      )}
      {roles.error && (
        <AlertMessage>
          {t('admin_settings.discord.roles_error')} {describe(roles.error)}
        </AlertMessage>
      )}

      {loadError ? (
        <AlertMessage>
          {t('admin_settings.discord.mappings.load_error')} {describe(loadError)}
        </AlertMessage>
      ) : mappings.data && teams.data && !roles.isPending ? (
        <MappingsForm
          mappings={mappings.data}
          // Without the guild's roles (no bot, or Discord refused it), ids are typed by hand.
          guildRoles={roles.data?.bot ? roles.data.roles : null}
          teams={teams.data}
        />
      ) : (
        <LoadingMessage />
      )}

      <SyncPanel />
      <MemberAccess />
      <ImportPanel />
      <WebhookForm />
      <TeamWebhooks />
      <MembershipHistory />
    </section>
  );
}
