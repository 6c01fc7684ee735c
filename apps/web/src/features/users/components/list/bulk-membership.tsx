import {
  type MemberSelection,
  type MembershipChangeBody,
  type Role,
  ROLES,
} from '@guildhall/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/select-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useTeams } from '@/lib/teams/get-teams';
import { useChangeMembership } from '../../api/change-membership';
import styles from './users-list.module.css';

/** What the bar does to the members chosen. */
const ACTIONS = [
  'role',
  'add_team_role',
  'remove_team_role',
  'adhesion_on',
  'adhesion_off',
] as const;
type Action = (typeof ACTIONS)[number];

interface BulkMembershipProps {
  /** The members chosen, as the API takes them, and how many they are. */
  selection: MemberSelection;
  count: number;
  /** The page's rows are all ticked and the filter finds more: offered to take them all. */
  canSelectAll: { total: number; onSelectAll: () => void } | undefined;
  onClear: () => void;
}

/** The change an action makes, once its value (a role, a team role) is chosen; else undefined. */
function changeOf(
  action: Action | '',
  value: string,
): Omit<MembershipChangeBody, 'members'> | undefined {
  switch (action) {
    case 'role':
      return value ? { role: value as Role } : undefined;
    case 'add_team_role':
      return value ? { add_team_roles: [value] } : undefined;
    case 'remove_team_role':
      return value ? { remove_team_roles: [value] } : undefined;
    case 'adhesion_on':
      return { adhesion: true };
    case 'adhesion_off':
      return { adhesion: false };
    default:
      return undefined;
  }
}

/**
 * The member list's bulk actions (issue 31): a role, a team role given or taken, the adhesion
 * ticked or unticked, for the rows ticked or every member the filter finds, in one transaction
 * the admin confirms first.
 */
export function BulkMembership({ selection, count, canSelectAll, onClear }: BulkMembershipProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const teams = useTeams();
  const change = useChangeMembership();
  const labelId = useId();
  const [action, setAction] = useState<Action | ''>('');
  const [value, setValue] = useState('');

  const teamRoles = (teams.data ?? []).flatMap((team) =>
    team.roles.map((role) => ({
      id: role._id,
      label: t('users.edit.team_role', { team: team.name, role: role.role }),
    })),
  );
  const chosen = changeOf(action, value);
  const valueLabel =
    action === 'role'
      ? t(`roles.${value as Role}`)
      : (teamRoles.find((role) => role.id === value)?.label ?? '');
  const apply = () => {
    if (!chosen || change.isPending) return;
    change.mutate(
      { members: selection, ...chosen },
      {
        onSuccess: ({ changed, members }) => {
          toast.success(t('users.list.bulk.done', { count: members, changed }));
          setAction('');
          setValue('');
          onClear();
        },
        onError: (error) => toast.error(t('users.list.bulk.error'), describe(error)),
      },
    );
  };

  return (
    <section className={`card ${styles.bulk}`} aria-labelledby={labelId}>
      <p id={labelId} className={styles.bulkCount}>
        {t('users.list.bulk.selected', { count })}
      </p>
      {canSelectAll && (
        <button type="button" className="button button-small" onClick={canSelectAll.onSelectAll}>
          {t('users.list.bulk.select_all', { count: canSelectAll.total })}
        </button>
      )}
      <button type="button" className="button button-small" onClick={onClear}>
        {t('users.list.bulk.clear')}
      </button>
      <div className={styles.bulkControls}>
        <SelectField
          label={t('users.list.bulk.action')}
          value={action}
          onChange={(event) => {
            setAction(event.target.value as Action | '');
            setValue('');
          }}
        >
          <option value="">{t('users.list.bulk.choose_action')}</option>
          {ACTIONS.map((one) => (
            <option key={one} value={one}>
              {t(`users.list.bulk.actions.${one}`)}
            </option>
          ))}
        </SelectField>
        {action === 'role' && (
          <SelectField
            label={t('fields.role')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          >
            <option value="">{t('users.edit.choose_role')}</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </SelectField>
        )}
        {(action === 'add_team_role' || action === 'remove_team_role') && (
          <SelectField
            label={t('users.list.bulk.team_role')}
            value={value}
            onChange={(event) => setValue(event.target.value)}
          >
            <option value="">{t('users.edit.choose_role')}</option>
            {teamRoles.map((role) => (
              <option key={role.id} value={role.id}>
                {role.label}
              </option>
            ))}
          </SelectField>
        )}
        <ConfirmDialog
          title={t('users.list.bulk.confirm_title', { count })}
          description={
            action ? t(`users.list.bulk.confirm.${action}`, { count, value: valueLabel }) : ''
          }
          confirmLabel={t('users.list.bulk.apply')}
          onConfirm={apply}
        >
          <button
            type="button"
            className="button button-primary"
            disabled={!chosen || change.isPending}
          >
            {change.isPending ? t('forms.saving') : t('users.list.bulk.apply')}
          </button>
        </ConfirmDialog>
      </div>
    </section>
  );
}
