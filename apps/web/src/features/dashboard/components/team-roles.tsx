import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useTeam } from '@/lib/teams/get-team';
import styles from './dashboard.module.css';
import { MemberLink } from './member-link';

interface TeamRolesProps {
  teamId: string;
  /** The level of the role headings, below the heading of what holds the list. */
  headingLevel: 3 | 4;
}

/** A team's members grouped by role, loaded on their own with their loading and error states. */
export function TeamRoles({ teamId, headingLevel }: TeamRolesProps) {
  const { t } = useTranslation();
  const { data: team, error, isPending } = useTeam(teamId);
  const RoleHeading = headingLevel === 3 ? 'h3' : 'h4';

  if (error) return <AlertMessage>{t('dashboard.members_error')}</AlertMessage>;
  if (isPending) return <LoadingMessage />;
  if (team.roles.length === 0) {
    return <p className={styles.placeholder}>{t('dashboard.team_roles.no_roles')}</p>;
  }
  return (
    <div className={styles.roles}>
      {team.roles.map((role) => (
        <div key={role._id} className={styles.role}>
          <RoleHeading className={styles.roleName}>{role.role}</RoleHeading>
          {role.members.length === 0 ? (
            <p className={styles.placeholder}>{t('dashboard.team_roles.no_members')}</p>
          ) : (
            <ul className={styles.members}>
              {role.members.map((member) => (
                <li key={member._id}>
                  <MemberLink member={member} />
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </div>
  );
}
