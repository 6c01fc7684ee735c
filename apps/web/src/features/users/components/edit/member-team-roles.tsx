import type { Team, User } from '@guildhall/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useTeams } from '@/lib/teams/get-teams';
import { useChangeMembership } from '../../api/change-membership';
import styles from './member-edit.module.css';

interface HeldRole {
  roleId: string;
  team: string;
  role: string;
}

/** The team roles `memberId` holds, team by team in the teams' order. */
export function heldRoles(teams: Team[], memberId: string): HeldRole[] {
  return teams.flatMap((team) =>
    team.roles
      .filter((role) => role.members.includes(memberId))
      .map((role) => ({ roleId: role._id, team: team.name, role: role.role })),
  );
}

/**
 * The member's real teams: each team role it holds, to take back, and any other to give, each
 * change saved at once and written to the membership history.
 */
export function MemberTeamRoles({ member }: { member: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const teams = useTeams();
  const change = useChangeMembership();
  const headingId = useId();
  const [teamId, setTeamId] = useState('');
  const [roleId, setRoleId] = useState('');

  const held = teams.data ? heldRoles(teams.data, member._id) : [];
  const chosenTeam = teams.data?.find((team) => team._id === teamId);
  const offeredRoles = chosenTeam?.roles.filter((role) => !role.members.includes(member._id)) ?? [];

  function save(body: { add_team_roles?: string[]; remove_team_roles?: string[] }, done: string) {
    change.mutate(
      { members: { ids: [member._id] }, ...body },
      {
        onSuccess: () => {
          toast.success(done);
          setRoleId('');
        },
        onError: (error) => toast.error(t('users.edit.teams_error'), describe(error)),
      },
    );
  }

  return (
    <section className={`card ${styles.panel}`} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('users.edit.teams')}
      </h2>
      {teams.error ? (
        <AlertMessage>{t('users.edit.teams_load_error')}</AlertMessage>
      ) : !teams.data ? (
        <LoadingMessage />
      ) : (
        <>
          {held.length === 0 ? (
            <p className={styles.note}>{t('users.edit.no_team')}</p>
          ) : (
            <ul className={styles.teamRoles}>
              {held.map((holding) => (
                <li key={holding.roleId} className={styles.teamRole}>
                  <span>
                    {t('users.edit.team_role', { team: holding.team, role: holding.role })}
                  </span>
                  <ConfirmDialog
                    title={t('users.edit.remove_team_role_title', {
                      pseudo: member.pseudo,
                      ...holding,
                    })}
                    description={t('users.edit.remove_team_role_description')}
                    confirmLabel={t('users.edit.remove_team_role')}
                    onConfirm={() =>
                      save(
                        { remove_team_roles: [holding.roleId] },
                        t('users.edit.team_role_removed', { pseudo: member.pseudo, ...holding }),
                      )
                    }
                  >
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={t('users.edit.remove_team_role_named', {
                        team: holding.team,
                        role: holding.role,
                      })}
                    >
                      {t('users.edit.remove_team_role')}
                    </button>
                  </ConfirmDialog>
                </li>
              ))}
            </ul>
          )}
          <div className={styles.teamPicker}>
            <SelectField
              label={t('users.edit.add_team')}
              value={teamId}
              onChange={(event) => {
                setTeamId(event.target.value);
                setRoleId('');
              }}
            >
              <option value="">{t('users.edit.choose_team')}</option>
              {teams.data.map((team) => (
                <option key={team._id} value={team._id}>
                  {team.name}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('users.edit.add_role')}
              value={roleId}
              disabled={!chosenTeam}
              onChange={(event) => setRoleId(event.target.value)}
            >
              <option value="">{t('users.edit.choose_role')}</option>
              {offeredRoles.map((role) => (
                <option key={role._id} value={role._id}>
                  {role.role}
                </option>
              ))}
            </SelectField>
            <button
              type="button"
              className="button"
              disabled={!roleId || change.isPending}
              onClick={() => {
                const role = offeredRoles.find((offered) => offered._id === roleId);
                if (!chosenTeam || !role) return;
                save(
                  { add_team_roles: [roleId] },
                  t('users.edit.team_role_added', {
                    pseudo: member.pseudo,
                    team: chosenTeam.name,
                    role: role.role,
                  }),
                );
              }}
            >
              {t('users.edit.add_team_role')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
