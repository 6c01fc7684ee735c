import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { TeamIcon } from '@/components/ui/team-icon';
import { useMemberTeamRoles } from '../../api/get-member-team-roles';
import styles from './profile.module.css';

/** The teams a member belongs to, with its role in each: one line per role held. */
export function MemberTeams({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const { data, error, isPending } = useMemberTeamRoles(memberId);

  if (error) return <AlertMessage>{t('teams.member_roles_error')}</AlertMessage>;
  if (isPending) return <LoadingMessage />;
  if (data.roles.length === 0) {
    return <p className={styles.muted}>{t('users.profile.no_team')}</p>;
  }
  return (
    <ul className={styles.teams}>
      {data.roles.map(({ teamName, role, icon }, index) => (
        // A member may hold two roles in one team: the place tells the lines apart.
        <li key={`${index}-${teamName}-${role}`} className={styles.team}>
          <TeamIcon name={icon} />
          <span className={styles.teamName}>{teamName || t('teams.unknown_name')}</span>
          <span>{role || t('teams.unknown_role')}</span>
        </li>
      ))}
    </ul>
  );
}
