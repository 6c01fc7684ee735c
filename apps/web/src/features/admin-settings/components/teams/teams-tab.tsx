import { TEAM_GAMES, TEAM_TYPES } from '@guildhall/contract';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useTeams } from '@/lib/teams/get-teams';
import shared from '../admin-tab.module.css';
import { TeamFormDialog } from './team-form-dialog';
import { filterTeams, useTeamsFilter } from './teams-filters';
import { TeamsTable } from './teams-table';

/** The admin settings' Teams tab: the teams, filtered by type and game, and their editing. */
export function TeamsTab() {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: teams, error, isPending } = useTeams();
  const { filter, update } = useTeamsFilter();
  const shown = teams ? filterTeams(teams, filter) : [];

  return (
    <section className={shared.tab} aria-labelledby={headingId}>
      <div className={shared.tabHeader}>
        <div>
          <h2 id={headingId} className={shared.tabTitle}>
            {t('admin_settings.teams.title')}
          </h2>
          <p className={shared.note}>{t('admin_settings.teams.description')}</p>
        </div>
        <TeamFormDialog>
          <button type="button" className="button button-primary">
            <Plus size={18} aria-hidden="true" />
            {t('admin_settings.teams.create')}
          </button>
        </TeamFormDialog>
      </div>

      <div className={shared.filters}>
        <SelectField
          label={t('admin_settings.teams.type_filter')}
          value={filter.type ?? ''}
          onChange={(event) =>
            update({ type: TEAM_TYPES.find((type) => type === event.target.value) })
          }
        >
          <option value="">{t('admin_settings.teams.all_types')}</option>
          {TEAM_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`teams.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('admin_settings.teams.game_filter')}
          value={filter.game ?? ''}
          onChange={(event) =>
            update({ game: TEAM_GAMES.find((game) => game === event.target.value) })
          }
        >
          <option value="">{t('admin_settings.teams.all_games')}</option>
          {TEAM_GAMES.map((game) => (
            <option key={game} value={game}>
              {t(`teams.games.${game}`)}
            </option>
          ))}
        </SelectField>
      </div>

      {error ? (
        <AlertMessage>{t('admin_settings.teams.error_fetch_data')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage />
      ) : shown.length > 0 ? (
        <TeamsTable teams={shown} />
      ) : (
        <p className={`card ${shared.empty}`} role="status">
          {teams.length === 0
            ? t('admin_settings.teams.empty')
            : t('admin_settings.teams.no_match')}
        </p>
      )}
    </section>
  );
}
