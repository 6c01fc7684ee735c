import {
  GAME_LOGIN_FIELDS,
  LOGIN_GAMES,
  type LoginGame,
  type Role,
  ROLES,
  type User,
  type UserUpdateBody,
} from '@guildhall/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { isApiError, isPseudoRefused, useApiErrorText } from '@/lib/api-error-text';
import { type FieldErrors, fieldErrorsFrom, focusFirstInvalid } from '@/lib/form-errors';
import {
  checkFieldValues,
  FIELD_SPECS,
  type FieldValues,
  fieldValuesOf,
  MEMBER_FIELDS,
  type MemberField,
  trimmedValues,
  useFieldProblemText,
} from '@/lib/member-profile-form';
import { useRoles } from '../../api/get-roles';
import { useUpdateUser } from '../../api/update-user';
import { GameLoginsEditor } from './game-logins-editor';
import styles from './member-edit.module.css';

interface EditValues {
  fields: FieldValues<MemberField>;
  role: Role | '';
  adhesion: boolean;
  logins: Record<LoginGame, string[]>;
}

function editValuesOf(member: User): EditValues {
  return {
    fields: fieldValuesOf(member, MEMBER_FIELDS),
    role: member.role,
    adhesion: member.adhesion,
    logins: {
      leagueoflegends: member.leagueoflegends_login,
      valorant: member.valorant_login,
      fortnite: member.fortnite_login,
    },
  };
}

const isRole = (value: string): value is Role => ROLES.some((role) => role === value);

/**
 * An admin's form over a member: the general fields, the role, adhesion and the game logins, all
 * saved at once. Cancel goes back to the values last loaded or saved.
 */
export function MemberEditForm({ member }: { member: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const problemText = useFieldProblemText();
  const roles = useRoles();
  const updateUser = useUpdateUser();
  const [values, setValues] = useState(() => editValuesOf(member));
  const [errors, setErrors] = useState<FieldErrors>({});
  // Bumped to clear what was typed in the game boxes but not added.
  const [resets, setResets] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const generalId = useId();
  const membershipId = useId();
  const gamesId = useId();

  // The roles /api/roles offers, in the contract's order; the member's own while they load.
  const offered = roles.data?.roles;
  const roleOptions = offered
    ? ROLES.filter((role) => role in offered)
    : ROLES.filter((role) => role === values.role);

  function showErrors(found: FieldErrors) {
    setErrors(found);
    focusFirstInvalid(formRef.current, found);
  }

  function clearError(name: string) {
    setErrors((current) => ({ ...current, [name]: undefined }));
  }

  function changeField(field: MemberField, value: string) {
    setValues((current) => ({ ...current, fields: { ...current.fields, [field]: value } }));
    clearError(field);
  }

  function changeLogins(game: LoginGame, logins: string[]) {
    setValues((current) => ({ ...current, logins: { ...current.logins, [game]: logins } }));
    clearError(GAME_LOGIN_FIELDS[game]);
  }

  function resetTo(saved: User) {
    setValues(editValuesOf(saved));
    setErrors({});
    setResets((count) => count + 1);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateUser.isPending) return;
    const found: FieldErrors = {};
    const problems = checkFieldValues(values.fields);
    for (const field of MEMBER_FIELDS) {
      const problem = problems[field];
      if (problem) found[field] = problemText(problem);
    }
    if (!values.role) found.role = problemText('required');
    if (Object.keys(found).length > 0 || !values.role) {
      showErrors(found);
      return;
    }

    const body: UserUpdateBody = {
      ...trimmedValues(values.fields),
      role: values.role,
      adhesion: values.adhesion,
      leagueoflegends_login: values.logins.leagueoflegends,
      valorant_login: values.logins.valorant,
      fortnite_login: values.logins.fortnite,
    };
    setErrors({});
    updateUser.mutate(
      { id: member._id, body },
      {
        onSuccess: (saved) => {
          resetTo(saved);
          toast.success(t('users.edit.saved', { pseudo: saved.pseudo }));
        },
        onError: (error) => {
          const fromServer = fieldErrorsFrom(error);
          if (isPseudoRefused(error)) fromServer.pseudo = describe(error);
          if (isApiError(error, 'last_admin')) fromServer.role = describe(error);
          showErrors(fromServer);
          toast.error(t('users.edit.save_error'), describe(error));
        },
      },
    );
  }

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={handleSubmit}>
      <p className={styles.note}>{t('forms.required_note')}</p>

      <section className={styles.section} aria-labelledby={generalId}>
        <h2 id={generalId} className={styles.heading}>
          {t('users.edit.general')}
        </h2>
        <div className={styles.grid}>
          {MEMBER_FIELDS.map((field) => {
            const spec = FIELD_SPECS[field];
            return (
              <TextField
                key={field}
                name={field}
                label={t(`fields.${field}`)}
                type={spec.type}
                required={spec.required}
                // The admin types someone else's details: the browser's own would be wrong.
                autoComplete="off"
                maxLength={spec.maxLength}
                value={values.fields[field]}
                onChange={(event) => changeField(field, event.target.value)}
                error={errors[field]}
              />
            );
          })}
        </div>
      </section>

      <section className={styles.section} aria-labelledby={membershipId}>
        <h2 id={membershipId} className={styles.heading}>
          {t('users.edit.membership')}
        </h2>
        <div className={styles.grid}>
          <SelectField
            name="role"
            label={t('fields.role')}
            required
            value={values.role}
            onChange={(event) => {
              const role = event.target.value;
              setValues((current) => ({ ...current, role: isRole(role) ? role : '' }));
              clearError('role');
            }}
            error={errors.role}
          >
            <option value="" disabled>
              {t('users.edit.role_placeholder')}
            </option>
            {roleOptions.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            name="adhesion"
            label={t('fields.adhesion')}
            checked={values.adhesion}
            onChange={(event) => {
              const adhesion = event.target.checked;
              setValues((current) => ({ ...current, adhesion }));
            }}
          />
        </div>
        {roles.error && <AlertMessage>{t('users.edit.roles_error')}</AlertMessage>}
      </section>

      <section className={styles.section} aria-labelledby={gamesId}>
        <h2 id={gamesId} className={styles.heading}>
          {t('users.edit.game_accounts')}
        </h2>
        <div className={styles.games}>
          {LOGIN_GAMES.map((game) => (
            <GameLoginsEditor
              key={`${game}-${resets}`}
              game={game}
              logins={values.logins[game]}
              onChange={(logins) => changeLogins(game, logins)}
              error={errors[GAME_LOGIN_FIELDS[game]]}
            />
          ))}
        </div>
      </section>

      <div className={styles.actions}>
        <button type="submit" className="button button-primary">
          {updateUser.isPending ? t('forms.saving') : t('users.edit.save')}
        </button>
        <button type="button" className="button" onClick={() => resetTo(member)}>
          {t('forms.cancel')}
        </button>
        <Link className={styles.back} to="/users/list">
          {t('users.edit.back')}
        </Link>
      </div>
    </form>
  );
}
