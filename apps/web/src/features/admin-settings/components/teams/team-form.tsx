import {
  TEAM_GAMES,
  TEAM_NAME_MAX_LENGTH,
  TEAM_ROLES_MAX,
  TEAM_TYPES,
  type TeamDetail,
  type TeamGame,
  type TeamType,
} from '@guildhall/contract';
import { Plus } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage } from '@/components/ui/status-message';
import { FieldError, TextField } from '@/components/ui/text-field';
import { useApiErrorText } from '@/lib/api-error-text';
import { focusFirstInvalid } from '@/lib/form-errors';
import { useCreateTeam } from '../../api/create-team';
import { useUpdateTeam } from '../../api/update-team';
import shared from '../admin-tab.module.css';
import { IconPicker } from './icon-picker';
import { RoleEditor } from './role-editor';
import {
  bodyOf,
  checkDraft,
  type DraftProblem,
  draftOf,
  type RoleDraft,
  serverProblems,
  TEMPORARY_ROLE_PREFIX,
  type TeamDraft,
} from './team-draft';
import styles from './teams.module.css';

const isTeamType = (value: string): value is TeamType => TEAM_TYPES.some((type) => type === value);
const isTeamGame = (value: string): value is TeamGame => TEAM_GAMES.some((game) => game === value);

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
  const [draft, setDraft] = useState(() => draftOf(team));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string>();
  const temporaryCount = useRef(0);
  const formRef = useRef<HTMLFormElement>(null);
  const rolesHeadingId = useId();
  const rolesErrorId = useId();

  function change(changes: Partial<TeamDraft>, ...cleared: string[]) {
    setDraft((current) => ({ ...current, ...changes }));
    if (cleared.length > 0) {
      setErrors((current) => ({
        ...current,
        ...Object.fromEntries(cleared.map((k) => [k, undefined])),
      }));
    }
  }

  function changeRole(index: number, role: RoleDraft) {
    setDraft((current) => ({
      ...current,
      roles: current.roles.map((existing, at) => (at === index ? role : existing)),
    }));
    setErrors((current) => ({
      ...current,
      [`roles.${index}.role`]: undefined,
      [`roles.${index}.members`]: undefined,
    }));
  }

  function addRole() {
    temporaryCount.current += 1;
    const role: RoleDraft = {
      key: `${TEMPORARY_ROLE_PREFIX}${temporaryCount.current}`,
      role: '',
      members: [],
    };
    setDraft((current) => ({ ...current, roles: [...current.roles, role] }));
  }

  function removeRole(index: number) {
    setDraft((current) => ({ ...current, roles: current.roles.filter((_, at) => at !== index) }));
    // The roles after it move up: what was said about them no longer matches their place.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('roles.'))),
    );
  }

  function showErrors(found: Partial<Record<string, string>>) {
    setErrors(found);
    focusFirstInvalid(formRef.current, found);
  }

  const problemText = (problem: DraftProblem) => t(`admin_settings.teams.form.problems.${problem}`);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(undefined);
    const problems = checkDraft(draft);
    const found = Object.fromEntries(
      Object.entries(problems).flatMap(([key, problem]) =>
        problem ? [[key, problemText(problem)]] : [],
      ),
    );
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    const body = bodyOf(draft);
    const options = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        setFailure(describe(error));
        showErrors(serverProblems(error));
      },
    };
    if (team) updateTeam.mutate({ id: team._id, body }, options);
    else createTeam.mutate(body, options);
  }

  return (
    <form ref={formRef} className={shared.form} noValidate onSubmit={handleSubmit}>
      <p className={shared.note}>{t('forms.required_note')}</p>
      <div className={shared.formGrid}>
        <TextField
          name="name"
          label={t('admin_settings.teams.form.name')}
          required
          autoComplete="off"
          maxLength={TEAM_NAME_MAX_LENGTH}
          value={draft.name}
          onChange={(event) => change({ name: event.target.value }, 'name')}
          error={errors.name}
        />
        <SelectField
          name="type"
          label={t('admin_settings.teams.form.type')}
          required
          value={draft.type}
          onChange={(event) => {
            const type = event.target.value;
            if (!isTeamType(type)) return;
            // A transversal team plays no game: the choice made before goes.
            change(type === 'transversal' ? { type, game: '' } : { type }, 'type', 'game');
          }}
          error={errors.type}
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
        {draft.type === 'esport' && (
          <SelectField
            name="game"
            label={t('admin_settings.teams.form.game')}
            required
            value={draft.game}
            onChange={(event) => {
              const game = event.target.value;
              if (isTeamGame(game)) change({ game }, 'game');
            }}
            error={errors.game}
          >
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
      <IconPicker
        value={draft.icon}
        error={errors.icon}
        onChange={(icon) => change({ icon }, 'icon')}
      />

      <section className={styles.rolesSection} aria-labelledby={rolesHeadingId}>
        <h3 id={rolesHeadingId} className={styles.sectionHeading}>
          {t('admin_settings.teams.form.roles')}
        </h3>
        {draft.roles.length === 0 && (
          <p className={shared.placeholder}>{t('admin_settings.teams.form.no_roles')}</p>
        )}
        {draft.roles.map((role, index) => (
          <RoleEditor
            key={role.key}
            role={role}
            index={index}
            nameError={errors[`roles.${index}.role`]}
            membersError={errors[`roles.${index}.members`]}
            onChange={(changed) => changeRole(index, changed)}
            onRemove={() => removeRole(index)}
          />
        ))}
        {errors.roles && <FieldError id={rolesErrorId} message={errors.roles} />}
        <button
          type="button"
          className={`button ${styles.addRole}`}
          onClick={addRole}
          disabled={draft.roles.length >= TEAM_ROLES_MAX}
        >
          <Plus size={18} aria-hidden="true" />
          {t('admin_settings.teams.form.add_role')}
        </button>
      </section>

      {failure !== undefined && (
        <AlertMessage>
          {t('admin_settings.teams.error_update_team')} {failure}
        </AlertMessage>
      )}
      <div className={shared.formActions}>
        <Dialog.Close className="button">{t('admin_settings.teams.form.cancel')}</Dialog.Close>
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
