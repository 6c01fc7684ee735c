import {
  GAME_LOGIN_FIELDS,
  LOGIN_GAMES,
  type LoginGame,
  memberEditSchema,
  type Role,
  ROLES,
  type User,
  type UserUpdateBody,
} from '@guildhall/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { GameLoginsEditor } from '@/components/ui/game-logins-editor';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { isApiError, isPseudoRefused, useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import {
  FIELD_SPECS,
  type FieldValues,
  fieldValuesOf,
  MEMBER_FIELDS,
  type MemberField,
  PROFILE_PROBLEM_PARAMS,
  PROFILE_PROBLEMS,
  trimmedValues,
} from '@/lib/member-profile-form';
import { useRoles } from '../../api/get-roles';
import { useUpdateUser } from '../../api/update-user';
import styles from './member-edit.module.css';

type GameLoginField = (typeof GAME_LOGIN_FIELDS)[LoginGame];

/** The form's values: the general fields, the role, adhesion and each game's logins. */
type EditValues = FieldValues<MemberField> &
  Record<GameLoginField, string[]> & { role: Role | ''; adhesion: boolean };

function editValuesOf(member: User): EditValues {
  return {
    ...fieldValuesOf(member, MEMBER_FIELDS),
    role: member.role,
    adhesion: member.adhesion,
    leagueoflegends_login: member.leagueoflegends_login,
    valorant_login: member.valorant_login,
    fortnite_login: member.fortnite_login,
  };
}

/** The body of PUT /api/users/{id}: every field, the text ones trimmed. */
function bodyOf(values: EditValues) {
  const { role, adhesion, leagueoflegends_login, valorant_login, fortnite_login, ...fields } =
    values;
  return {
    ...trimmedValues(fields),
    role,
    adhesion,
    leagueoflegends_login,
    valorant_login,
    fortnite_login,
  };
}

/**
 * An admin's form over a member: the general fields, the role, adhesion and the game logins, all
 * saved at once. Cancel goes back to the values last loaded or saved.
 */
export function MemberEditForm({ member }: { member: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const roles = useRoles();
  const updateUser = useUpdateUser();
  const form = useContractForm<EditValues, UserUpdateBody>({
    schema: memberEditSchema,
    defaultValues: editValuesOf(member),
    toBody: bodyOf,
    problems: PROFILE_PROBLEMS,
    problemParams: PROFILE_PROBLEM_PARAMS,
  });
  // Bumped to clear what was typed in the game boxes but not added.
  const [resets, setResets] = useState(0);
  const generalId = useId();
  const membershipId = useId();
  const gamesId = useId();

  // The roles /api/roles offers, in the contract's order; the member's own while they load.
  const offered = roles.data?.roles;
  const chosenRole = form.watch('role');
  const roleOptions = offered
    ? ROLES.filter((role) => role in offered)
    : ROLES.filter((role) => role === chosenRole);

  function changeLogins(game: LoginGame, logins: string[]) {
    const field = GAME_LOGIN_FIELDS[game];
    form.setValue(field, logins);
    form.clearErrors(field);
  }

  function resetTo(saved: User) {
    form.reset(editValuesOf(saved));
    setResets((count) => count + 1);
  }

  const handleSubmit = form.submit((body) => {
    if (updateUser.isPending) return;
    updateUser.mutate(
      { id: member._id, body },
      {
        onSuccess: (saved) => {
          resetTo(saved);
          toast.success(t('users.edit.saved', { pseudo: saved.pseudo }));
        },
        onError: (error) => {
          form.showServerIssues(error, {
            pseudo: isPseudoRefused(error) ? describe(error) : undefined,
            role: isApiError(error, 'last_admin') ? describe(error) : undefined,
          });
          toast.error(t('users.edit.save_error'), describe(error));
        },
      },
    );
  });

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit}>
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
                label={t(`fields.${field}`)}
                type={spec.type}
                required={spec.required}
                // The admin types someone else's details: the browser's own would be wrong.
                autoComplete="off"
                maxLength={spec.maxLength}
                {...form.field(field)}
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
          <SelectField label={t('fields.role')} required {...form.field('role')}>
            <option value="" disabled>
              {t('users.edit.role_placeholder')}
            </option>
            {roleOptions.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </SelectField>
          <CheckboxField label={t('fields.adhesion')} {...form.register('adhesion')} />
        </div>
        {roles.error && <AlertMessage>{t('users.edit.roles_error')}</AlertMessage>}
      </section>

      <section className={styles.section} aria-labelledby={gamesId}>
        <h2 id={gamesId} className={styles.heading}>
          {t('users.edit.game_accounts')}
        </h2>
        <div className={styles.games}>
          {LOGIN_GAMES.map((game) => {
            const field = GAME_LOGIN_FIELDS[game];
            const logins = form.watch(field);
            const gameName = t(`games.${game}`);
            return (
              <fieldset key={`${game}-${resets}`} className={`card ${styles.game}`}>
                <legend className={styles.gameTitle}>{gameName}</legend>
                <GameLoginsEditor
                  game={game}
                  logins={logins}
                  addLabel={t('users.edit.login_label', { game: gameName })}
                  emptyText={t('users.edit.no_logins')}
                  error={form.errorOf(field)}
                  onAdd={(login) => changeLogins(game, [...logins, login])}
                  onRemove={(login) =>
                    changeLogins(
                      game,
                      logins.filter((known) => known !== login),
                    )
                  }
                />
              </fieldset>
            );
          })}
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
