import type { Team } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { TeamIcon } from '@/components/ui/team-icon';
import styles from './dashboard.module.css';

/** The team's icon and name, with its type and game in smaller print. */
export function TeamLabel({ team }: { team: Pick<Team, 'name' | 'icon' | 'type' | 'game'> }) {
  const { t } = useTranslation();
  const kind = [t(`teams.types.${team.type}`), team.game && t(`teams.games.${team.game}`)]
    .filter(Boolean)
    .join(' · ');
  return (
    <span className={styles.teamLabel}>
      <TeamIcon name={team.icon} />
      <span className={styles.teamName}>{team.name}</span>
      <span className={styles.teamKind}>{kind}</span>
    </span>
  );
}
