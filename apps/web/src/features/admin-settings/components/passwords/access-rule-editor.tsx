import type { AccessRule } from '@guildhall/contract';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { FieldError } from '@/components/ui/text-field';
import { useTeams } from '@/lib/teams/get-teams';
import shared from '../admin-tab.module.css';
import {
  addRule,
  canAddRule,
  type PasswordFormMode,
  type RuleChoice,
  rolesInTeamOrder,
} from './password-draft';
import styles from './passwords.module.css';

interface AccessRuleEditorProps {
  rules: AccessRule[];
  mode: PasswordFormMode;
  /** What the server found wrong with the rules. */
  error: string | undefined;
  onChange: (rules: AccessRule[]) => void;
}

const NO_CHOICE: RuleChoice = { teamId: '', roles: [] };

/**
 * Who may see the entry: a list of rules (a team and some of its roles) and a way to add one.
 * Creating appends each rule, so a team already ruled is not offered again; editing replaces the
 * rule of the team chosen, if it has one.
 */
export function AccessRuleEditor({ rules, mode, error, onChange }: AccessRuleEditorProps) {
  const { t } = useTranslation();
  const { data: teams, error: teamsError, isPending } = useTeams();
  const [choice, setChoice] = useState<RuleChoice>(NO_CHOICE);
  const rulesId = useId();
  const errorId = useId();
  const chosenTeam = teams?.find((team) => team._id === choice.teamId);
  const replaces = mode === 'edit' && rules.some((rule) => rule.teamId === choice.teamId);
  const teamName = (teamId: string) =>
    teams?.find((team) => team._id === teamId)?.name ?? t('admin_settings.passwords.unknown_team');

  function toggleRole(role: string, ticked: boolean) {
    setChoice((current) => ({
      ...current,
      roles: ticked
        ? [...current.roles, role]
        : current.roles.filter((existing) => existing !== role),
    }));
  }

  function add() {
    if (!canAddRule(choice)) return;
    const rule = { teamId: choice.teamId, roles: rolesInTeamOrder(chosenTeam, choice.roles) };
    onChange(addRule(rules, rule, mode));
    setChoice(NO_CHOICE);
  }

  return (
    <fieldset className={styles.rules}>
      <legend className={styles.rulesLegend}>{t('admin_settings.passwords.form.rules')}</legend>
      <p className={shared.note}>{t('admin_settings.passwords.form.rules_hint')}</p>

      <p id={rulesId} className={styles.subheading}>
        {t('admin_settings.passwords.form.rules_list')}
      </p>
      {rules.length === 0 ? (
        <p className={shared.placeholder}>{t('admin_settings.passwords.form.no_rules')}</p>
      ) : (
        <ul
          className={styles.ruleList}
          aria-labelledby={rulesId}
          aria-describedby={error ? errorId : undefined}
        >
          {rules.map((rule) => (
            <li key={rule.teamId} className={styles.rule}>
              <span>
                {t('admin_settings.passwords.rule', {
                  team: teamName(rule.teamId),
                  roles: rule.roles.join(', '),
                })}
              </span>
              <button
                type="button"
                className="icon-button"
                aria-label={t('admin_settings.passwords.form.remove_rule', {
                  team: teamName(rule.teamId),
                })}
                onClick={() => onChange(rules.filter((kept) => kept !== rule))}
              >
                <X size={18} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <FieldError id={errorId} message={error} />}

      {teamsError ? (
        <AlertMessage>{t('admin_settings.passwords.form.teams_error')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage />
      ) : (
        <div className={styles.ruleChoice}>
          <SelectField
            label={t('admin_settings.passwords.form.team')}
            value={choice.teamId}
            onChange={(event) => setChoice({ teamId: event.target.value, roles: [] })}
          >
            <option value="">{t('admin_settings.passwords.form.team_placeholder')}</option>
            {teams.map((team) => {
              const ruled = mode === 'create' && rules.some((rule) => rule.teamId === team._id);
              return (
                <option key={team._id} value={team._id} disabled={ruled}>
                  {ruled
                    ? t('admin_settings.passwords.form.team_already_ruled', { team: team.name })
                    : team.name}
                </option>
              );
            })}
          </SelectField>
          {chosenTeam &&
            (chosenTeam.roles.length === 0 ? (
              <p className={shared.placeholder}>
                {t('admin_settings.passwords.form.team_without_roles')}
              </p>
            ) : (
              <fieldset className={styles.roleChoice}>
                <legend className={styles.subheading}>
                  {t('admin_settings.passwords.form.roles_of', { team: chosenTeam.name })}
                </legend>
                {chosenTeam.roles.map(({ _id, role }) => (
                  <CheckboxField
                    key={_id}
                    label={role}
                    checked={choice.roles.includes(role)}
                    onChange={(event) => toggleRole(role, event.target.checked)}
                  />
                ))}
              </fieldset>
            ))}
          {replaces && (
            <p className={shared.note}>
              {t('admin_settings.passwords.form.replaces_rule', { team: chosenTeam?.name ?? '' })}
            </p>
          )}
          <button
            type="button"
            className={`button ${styles.addRule}`}
            disabled={!canAddRule(choice)}
            onClick={add}
          >
            <Plus size={18} aria-hidden="true" />
            {t('admin_settings.passwords.form.add_rule')}
          </button>
        </div>
      )}
    </fieldset>
  );
}
