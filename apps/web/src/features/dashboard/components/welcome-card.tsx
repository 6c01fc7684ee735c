import type { Team } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { LoadingMessage } from '@/components/ui/status-message';
import { NotProvided } from '@/components/ui/not-provided';
import { useDateFormat } from '@/lib/format-date';
import { useSignedInUser } from '@/lib/session/get-session';
import { useTeams } from '@/lib/teams/get-teams';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-card';

/** The greeting, the membership date, and the member's teams and roles in each. */
export function WelcomeCard() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const user = useSignedInUser();
  const { data: teams } = useTeams();

  return (
    <DashboardCard
      title={t('pages.dashboard.welcome', { pseudo: user.pseudo })}
      leading={<MemberAvatar member={user} size="medium" />}
      subtitle={<span className={styles.roleLabel}>{t(`roles.${user.role}`)}</span>}
      order={1}
    >
      <dl className={styles.facts}>
        <dt>{t('dashboard.welcome.member_since')}</dt>
        <dd>{format.date(user.created_at) ?? <NotProvided />}</dd>
        <dt>{t('dashboard.welcome.teams')}</dt>
        <dd>{teams ? <TeamNames teams={teams} /> : <LoadingMessage shape="line" />}</dd>
        <dt>{t('dashboard.welcome.roles')}</dt>
        <dd>{teams ? <RolesPerTeam teams={teams} /> : <LoadingMessage shape="line" />}</dd>
      </dl>
    </DashboardCard>
  );
}

/** The teams the member belongs to, in the list's order (by name). */
function useMyTeams(teams: Team[]): Team[] {
  const user = useSignedInUser();
  return teams.filter((team) => user.teams.includes(team._id));
}

function TeamNames({ teams }: { teams: Team[] }) {
  const { t } = useTranslation();
  const myTeams = useMyTeams(teams);
  if (myTeams.length === 0) {
    return <span className={styles.placeholder}>{t('dashboard.welcome.no_team')}</span>;
  }
  return (
    <ul className={styles.inlineList}>
      {myTeams.map((team) => (
        <li key={team._id}>{team.name}</li>
      ))}
    </ul>
  );
}

function RolesPerTeam({ teams }: { teams: Team[] }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const held = useMyTeams(teams).flatMap((team) => {
    const roles = user.rolesByTeam[team._id] ?? [];
    return roles.length > 0 ? [{ team, roles }] : [];
  });
  if (held.length === 0) {
    return <span className={styles.placeholder}>{t('dashboard.welcome.no_role')}</span>;
  }
  return (
    <ul className={styles.plainList}>
      {held.map(({ team, roles }) => (
        <li key={team._id}>
          {t('dashboard.welcome.team_roles', { team: team.name, roles: roles.join(', ') })}
        </li>
      ))}
    </ul>
  );
}
