import type { Team } from '@guildhall/contract';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NotProvided } from '@/components/ui/not-provided';
import { TeamIcon } from '@/components/ui/team-icon';
import shared from '../admin-tab.module.css';
import { AdminTable } from '../admin-table';
import { DeleteTeamButton } from './delete-team-button';
import { TeamFormDialog } from './team-form-dialog';
import styles from './teams.module.css';

/** How many people the team holds: a member in two of its roles counts once. */
export function memberCount(team: Team): number {
  return new Set(team.roles.flatMap((role) => role.members)).size;
}

export function TeamsTable({ teams }: { teams: Team[] }) {
  const { t } = useTranslation();

  return (
    <AdminTable
      caption={t('admin_settings.teams.caption')}
      noWrap
      columns={
        <>
          <th scope="col">{t('admin_settings.teams.columns.team')}</th>
          <th scope="col">{t('admin_settings.teams.columns.type')}</th>
          <th scope="col">{t('admin_settings.teams.columns.game')}</th>
          <th scope="col" className={shared.number}>
            {t('admin_settings.teams.columns.roles')}
          </th>
          <th scope="col" className={shared.number}>
            {t('admin_settings.teams.columns.members')}
          </th>
          <th scope="col">{t('admin_settings.teams.columns.actions')}</th>
        </>
      }
    >
      {teams.map((team) => (
        <tr key={team._id}>
          <th scope="row">
            <span className={styles.teamCell}>
              <TeamIcon name={team.icon} />
              {team.name}
            </span>
          </th>
          <td>{t(`teams.types.${team.type}`)}</td>
          <td>
            {team.game ? (
              t(`teams.games.${team.game}`)
            ) : (
              <NotProvided label={t('common.no_game')} />
            )}
          </td>
          <td className={shared.number}>{team.roles.length}</td>
          <td className={shared.number}>{memberCount(team)}</td>
          <td>
            <div className={shared.actions}>
              <TeamFormDialog team={team}>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('admin_settings.teams.edit', { name: team.name })}
                >
                  <Pencil size={18} aria-hidden="true" />
                </button>
              </TeamFormDialog>
              <DeleteTeamButton team={team} />
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
