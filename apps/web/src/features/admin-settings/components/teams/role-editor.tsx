import { TEAM_ROLE_NAME_MAX_LENGTH, type User } from '@guildhall/contract';
import { Plus, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { FieldError, TextField } from '@/components/ui/text-field';
import shared from '../admin-tab.module.css';
import { MemberPicker } from '../member-picker';
import type { RoleDraft } from './team-draft';
import styles from './teams.module.css';

interface RoleEditorProps {
  role: RoleDraft;
  index: number;
  /** What is wrong with the role's name, and with its members. */
  nameError: string | undefined;
  membersError: string | undefined;
  onChange: (role: RoleDraft) => void;
  onRemove: () => void;
}

/** One role of the team: its name, its members, a search to add more, and a way to drop it. */
export function RoleEditor({
  role,
  index,
  nameError,
  membersError,
  onChange,
  onRemove,
}: RoleEditorProps) {
  const { t } = useTranslation();
  const membersId = useId();
  const membersErrorId = useId();
  // The role is called by its name once typed, a new role until then.
  const roleLabel = role.role.trim() || t('admin_settings.teams.form.new_role');

  const addMember = (member: User) => onChange({ ...role, members: [...role.members, member] });
  const removeMember = (id: string) =>
    onChange({ ...role, members: role.members.filter((member) => member._id !== id) });

  return (
    <fieldset className={styles.role}>
      <legend className={styles.roleLegend}>{roleLabel}</legend>
      <div className={styles.roleTop}>
        <TextField
          name={`roles.${index}.role`}
          label={t('admin_settings.teams.form.role_name')}
          required
          autoComplete="off"
          maxLength={TEAM_ROLE_NAME_MAX_LENGTH}
          value={role.role}
          onChange={(event) => onChange({ ...role, role: event.target.value })}
          error={nameError}
        />
        <button
          type="button"
          className="button button-small"
          aria-label={t('admin_settings.teams.form.remove_role', { role: roleLabel })}
          onClick={onRemove}
        >
          <Trash2 size={16} aria-hidden="true" />
          {t('admin_settings.teams.form.remove_role_short')}
        </button>
      </div>

      <p id={membersId} className={styles.membersHeading}>
        {t('admin_settings.teams.form.members', { role: roleLabel })}
      </p>
      {role.members.length === 0 ? (
        <p className={shared.placeholder}>{t('admin_settings.teams.form.no_members')}</p>
      ) : (
        <ul
          className={styles.chosen}
          aria-labelledby={membersId}
          aria-describedby={membersError ? membersErrorId : undefined}
        >
          {role.members.map((member) => (
            <li key={member._id} className={styles.chip}>
              <MemberAvatar member={member} />
              <span>{member.pseudo}</span>
              <button
                type="button"
                className={`icon-button ${styles.chipRemove}`}
                aria-label={t('admin_settings.teams.form.remove_member', {
                  pseudo: member.pseudo,
                  role: roleLabel,
                })}
                onClick={() => removeMember(member._id)}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {membersError && <FieldError id={membersErrorId} message={membersError} />}

      <CheckboxField
        label={t('admin_settings.teams.form.manages', { role: roleLabel })}
        checked={role.manages}
        onChange={(event) => onChange({ ...role, manages: event.target.checked })}
      />

      <MemberPicker
        label={t('admin_settings.teams.form.search_label', { role: roleLabel })}
        hint={t('admin_settings.teams.form.search_hint')}
        pickLabel={(member) =>
          t('admin_settings.teams.form.add_member', { pseudo: member.pseudo, role: roleLabel })
        }
        icon={<Plus size={18} aria-hidden="true" />}
        chosenIds={role.members.map((member) => member._id)}
        onPick={addMember}
      />
    </fieldset>
  );
}
