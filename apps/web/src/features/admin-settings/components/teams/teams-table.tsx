import type { Team } from '@guildhall/contract';
import { Pencil } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TeamIcon } from '@/components/ui/team-icon';
import { DeleteTeamButton } from './delete-team-button';
import { TeamFormDialog } from './team-form-dialog';
import styles from './teams.module.css';

/** How many people the team holds: a member in two of its roles counts once. */
export function memberCount(team: Team): number {
  return new Set(team.roles.flatMap((role) => role.members)).size;
}

export function TeamsTable({ teams }: { teams: Team[] }) {
  const { t } = useTranslation();
  const captionId = useId();

  return (
    // Scrolls sideways on narrow screens; focusable so that keyboard users can scroll it too.
    <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className="visually-hidden">
          {t('admin_settings.teams.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('admin_settings.teams.columns.team')}</th>
            <th scope="col">{t('admin_settings.teams.columns.type')}</th>
            <th scope="col">{t('admin_settings.teams.columns.game')}</th>
            <th scope="col" className={styles.number}>
              {t('admin_settings.teams.columns.roles')}
            </th>
            <th scope="col" className={styles.number}>
              {t('admin_settings.teams.columns.members')}
            </th>
            <th scope="col">{t('admin_settings.teams.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {teams.map((team) => (
            <tr key={team._id}>
              <th scope="row">
                <span className={styles.teamCell}>
                  <TeamIcon name={team.icon} />
                  {team.name}
                </span>
              </th>
              <td>{t(`teams.types.${team.type}`)}</td>
              <td>{team.game ? t(`teams.games.${team.game}`) : t('common.not_available')}</td>
              <td className={styles.number}>{team.roles.length}</td>
              <td className={styles.number}>{memberCount(team)}</td>
              <td>
                <div className={styles.actions}>
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
        </tbody>
      </table>
    </div>
  );
}
