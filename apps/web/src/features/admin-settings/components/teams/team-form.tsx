import {
  TEAM_GAMES,
  TEAM_NAME_MAX_LENGTH,
  TEAM_ROLES_MAX,
  TEAM_TYPES,
  type TeamBody,
  teamBodySchema,
  type TeamDetail,
} from '@guildhall/contract';
import { Plus } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage } from '@/components/ui/status-message';
import { FieldError, TextField } from '@/components/ui/text-field';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useCreateTeam } from '../../api/create-team';
import { useUpdateTeam } from '../../api/update-team';
import shared from '../admin-tab.module.css';
import { IconPicker } from './icon-picker';
import { RoleEditor } from './role-editor';
import {
  bodyOf,
  draftOf,
  type RoleDraft,
  TEAM_RULES,
  TEMPORARY_ROLE_PREFIX,
  type TeamDraft,
} from './team-draft';
import styles from './teams.module.css';
import { DialogClose } from '@/components/ui/dialog';

interface TeamFormProps {
  /** The team being edited, as the server sent it; none to create one. */
  team?: TeamDetail | undefined;
  onSaved: (team: TeamDetail) => void;
}

/**
 * A team with its roles and members. Roles and members are added and removed here, and only
 * saving sends the whole team at once; new roles carry temporary keys until then.
 */
export function TeamForm({ team, onSaved }: TeamFormProps) {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const createTeam = useCreateTeam();
  const updateTeam = useUpdateTeam();
  const save = team ? updateTeam : createTeam;
  const form = useContractForm<TeamDraft, TeamBody>({
    schema: teamBodySchema,
    defaultValues: draftOf(team),
    toBody: bodyOf,
    ...TEAM_RULES,
  });
  const temporaryCount = useRef(0);
  const rolesHeadingId = useId();
  const rolesErrorId = useId();
  const [type, roles] = form.watch(['type', 'roles']);
  const typeField = form.field('type');
  const icon = form.bind('icon');
  const rolesError = form.errorOf('roles');

  function changeRole(index: number, role: RoleDraft) {
    const current = form.getValues('roles');
    form.setValue(
      'roles',
      current.map((existing, at) => (at === index ? role : existing)),
    );
    form.clearErrors([`roles.${index}.role`, `roles.${index}.members`]);
  }

  function addRole() {
    temporaryCount.current += 1;
    const role: RoleDraft = {
      key: `${TEMPORARY_ROLE_PREFIX}${temporaryCount.current}`,
      role: '',
      members: [],
      manages: false,
    };
    form.setValue('roles', [...form.getValues('roles'), role]);
  }

  function removeRole(index: number) {
    form.setValue(
      'roles',
      form.getValues('roles').filter((_, at) => at !== index),
    );
    // The roles after it move up: what was said about them no longer matches their place.
    form.clearErrors('roles');
  }

  const handleSubmit = form.submit((body) => {
    if (save.isPending) return;
    const options = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        // Another team's name, whatever its case and accents: said on the name field.
        if (isApiError(error, 'team_name_taken')) {
          form.showServerIssues(error, { name: t('api_errors.team_name_taken') });
          return;
        }
        form.showFailure(describe(error));
        form.showServerIssues(error);
      },
    };
    if (team) updateTeam.mutate({ id: team._id, body }, options);
    else createTeam.mutate(body, options);
  });

  return (
    <form className={shared.form} noValidate onSubmit={handleSubmit}>
      <p className={shared.note}>{t('forms.required_note')}</p>
      <div className={shared.formGrid}>
        <TextField
          label={t('admin_settings.teams.form.name')}
          required
          autoComplete="off"
          maxLength={TEAM_NAME_MAX_LENGTH}
          {...form.field('name')}
        />
        <SelectField
          label={t('admin_settings.teams.form.type')}
          required
          {...typeField}
          onChange={(event) => {
            void typeField.onChange(event);
            form.clearErrors('game');
            // A transversal team plays no game: the choice made before goes.
            if (event.target.value === 'transversal') form.setValue('game', '');
          }}
        >
          <option value="" disabled>
            {t('admin_settings.teams.form.type_placeholder')}
          </option>
          {TEAM_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`teams.types.${type}`)}
            </option>
          ))}
        </SelectField>
        {type === 'esport' && (
          <SelectField label={t('admin_settings.teams.form.game')} required {...form.field('game')}>
            <option value="" disabled>
              {t('admin_settings.teams.form.game_placeholder')}
            </option>
            {TEAM_GAMES.map((game) => (
              <option key={game} value={game}>
                {t(`teams.games.${game}`)}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <IconPicker value={icon.value} error={icon.error} onChange={icon.onChange} />

      <section className={styles.rolesSection} aria-labelledby={rolesHeadingId}>
        <h3 id={rolesHeadingId} className={styles.sectionHeading}>
          {t('admin_settings.teams.form.roles')}
        </h3>
        {roles.length === 0 && (
          <p className={shared.placeholder}>{t('admin_settings.teams.form.no_roles')}</p>
        )}
        {roles.map((role, index) => (
          <RoleEditor
            key={role.key}
            role={role}
            index={index}
            nameError={form.errorOf(`roles.${index}.role`)}
            membersError={form.errorOf(`roles.${index}.members`)}
            onChange={(changed) => changeRole(index, changed)}
            onRemove={() => removeRole(index)}
          />
        ))}
        {rolesError !== undefined && <FieldError id={rolesErrorId} message={rolesError} />}
        <button
          type="button"
          className={`button ${styles.addRole}`}
          onClick={addRole}
          disabled={roles.length >= TEAM_ROLES_MAX}
        >
          <Plus size={18} aria-hidden="true" />
          {t('admin_settings.teams.form.add_role')}
        </button>
      </section>

      {form.failure !== undefined && (
        <AlertMessage>
          {t('admin_settings.teams.error_update_team')} {form.failure}
        </AlertMessage>
      )}
      <div className={shared.formActions}>
        <DialogClose className="button">{t('admin_settings.teams.form.cancel')}</DialogClose>
        <button type="submit" className="button button-primary" aria-disabled={save.isPending}>
          {save.isPending
            ? t('admin_settings.teams.form.saving')
            : team
              ? t('admin_settings.teams.form.save')
              : t('admin_settings.teams.form.create')}
        </button>
      </div>
    </form>
  );
}
