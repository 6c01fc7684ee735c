import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { LoadingMessage } from '@/components/ui/status-message';
import { useSignedInUser } from '@/lib/session/get-session';
import { useTeams } from '@/lib/teams/get-teams';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-card';
import { TeamLabel } from './team-label';
import { TeamEvents } from './team-events';
import { TeamRoles } from './team-roles';

/**
 * The member's teams, one at a time (a selector when there are several), members by role, then
 * the team's next events with the member's answers.
 */
export function MyTeamsCard() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { data: teams } = useTeams();
  const [chosenId, setChosenId] = useState<string>();

  const myTeams = teams?.filter((team) => user.teams.includes(team._id)) ?? [];
  // The first team (by name) until the member picks another, or if the one picked went away.
  const shown = myTeams.find((team) => team._id === chosenId) ?? myTeams[0];

  return (
    <DashboardCard title={t('dashboard.my_teams.title')} order={3}>
      {!teams ? (
        <LoadingMessage />
      ) : !shown ? (
        <p className={styles.placeholder}>{t('dashboard.my_teams.empty')}</p>
      ) : (
        <>
          {myTeams.length > 1 && (
            <SelectField
              label={t('dashboard.my_teams.select_label')}
              value={shown._id}
              onChange={(event) => setChosenId(event.target.value)}
            >
              {myTeams.map((team) => (
                <option key={team._id} value={team._id}>
                  {team.name}
                </option>
              ))}
            </SelectField>
          )}
          <p className={styles.shownTeam}>
            <TeamLabel team={shown} />
          </p>
          <TeamRoles key={shown._id} teamId={shown._id} headingLevel={3} />
          <TeamEvents teamId={shown._id} />
        </>
      )}
    </DashboardCard>
  );
}
