import {
  GAME_LOGIN_FIELDS,
  LOGIN_GAMES,
  type LoginGame,
  memberEditSchema,
  PROFILE_FIELDS,
  type User,
  type UserUpdateBody,
} from '@guildhall/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GameLoginsEditor } from '@/components/ui/game-logins-editor';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { isPseudoRefused, useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import {
  FIELD_SPECS,
  type FieldValues,
  fieldValuesOf,
  type MemberField,
  PROFILE_PROBLEM_PARAMS,
  PROFILE_PROBLEMS,
  trimmedValues,
} from '@/lib/member-profile-form';
import { useUpdateUser } from '../../api/update-user';
import styles from './member-edit.module.css';

type GameLoginField = (typeof GAME_LOGIN_FIELDS)[LoginGame];

/** The form's values: the profile's fields and each game's logins. */
type EditValues = FieldValues<MemberField> & Record<GameLoginField, string[]>;

function editValuesOf(member: User): EditValues {
  return {
    ...fieldValuesOf(member, PROFILE_FIELDS),
    leagueoflegends_login: member.leagueoflegends_login,
    valorant_login: member.valorant_login,
    fortnite_login: member.fortnite_login,
  };
}

/**
 * The body of PUT /api/users/{id}: every field, the text ones trimmed, and the role the member has
 * (the API's edit form names it; the membership form beside this one changes it).
 */
function bodyOf(values: EditValues, member: User) {
  const { leagueoflegends_login, valorant_login, fortnite_login, ...fields } = values;
  return {
    ...trimmedValues(fields),
    role: member.role,
    leagueoflegends_login,
    valorant_login,
    fortnite_login,
  };
}

/**
 * An admin's form over a member's profile: the general fields and the game logins, saved at once.
 * Cancel goes back to the values last loaded or saved. The role, adhesion and teams have forms of
 * their own, which work whatever the profile holds.
 */
export function MemberEditForm({ member }: { member: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const updateUser = useUpdateUser();
  const form = useContractForm<EditValues, UserUpdateBody>({
    schema: memberEditSchema,
    defaultValues: editValuesOf(member),
    toBody: (values) => bodyOf(values, member),
    problems: PROFILE_PROBLEMS,
    problemParams: PROFILE_PROBLEM_PARAMS,
  });
  // Bumped to clear what was typed in the game boxes but not added.
  const [resets, setResets] = useState(0);
  const generalId = useId();
  const gamesId = useId();

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
          {PROFILE_FIELDS.map((field) => {
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
