import { GAME_LOGIN_FIELDS, type LoginGame, type SessionUser } from '@guildhall/contract';
import { Pencil, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { serverIssuesOf } from '@/lib/form-errors';
import { checkNewLogin, loginListPatch, useLoginProblemText } from '@/lib/game-logins';
import { useUpdateOwnConnections } from '../api/update-own-connections';
import styles from './connections.module.css';

interface GameLoginsCardProps {
  game: LoginGame;
  user: SessionUser;
}

/**
 * One game's logins. The pencil opens a field to add one; each login has its remove button. Every
 * change saves the game's whole new list at once.
 */
export function GameLoginsCard({ game, user }: GameLoginsCardProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const problemText = useLoginProblemText();
  const update = useUpdateOwnConnections();
  const [isAdding, setIsAdding] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const formId = useId();

  const field = GAME_LOGIN_FIELDS[game];
  const logins = user[field];
  const gameName = t(`games.${game}`);

  function save(next: string[], onSaved: () => void) {
    update.mutate(
      { id: user._id, body: loginListPatch(game, next) },
      {
        onSuccess: () => {
          toast.success(t('settings.profile_updated_success'));
          onSaved();
        },
        onError: (failure) => {
          setError(serverIssuesOf(failure)[field]);
          toast.error(
            t('settings.profile_update_error', { platform: gameName }),
            describe(failure),
          );
        },
      },
    );
  }

  function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const check = checkNewLogin(game, typed, logins);
    if (check.problem === 'empty') return;
    if (check.problem) {
      setError(problemText(check.problem));
      inputRef.current?.focus();
      return;
    }
    save([...logins, check.login], () => {
      setTyped('');
      inputRef.current?.focus();
    });
  }

  function handleRemove(login: string) {
    if (update.isPending) return;
    // The button disappears with the login: the focus goes back to the card's own button.
    save(
      logins.filter((known) => known !== login),
      () => toggleRef.current?.focus(),
    );
  }

  return (
    <section className={`card ${styles.card}`} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <h3 id={headingId} className={styles.cardTitle}>
          {gameName}
        </h3>
        <button
          ref={toggleRef}
          type="button"
          className="icon-button"
          aria-label={t('settings.connections.open_add', { game: gameName })}
          aria-expanded={isAdding}
          aria-controls={isAdding ? formId : undefined}
          onClick={() => setIsAdding((open) => !open)}
        >
          <Pencil size={18} />
        </button>
      </div>
      {logins.length === 0 ? (
        <p className={styles.empty}>{t('settings.connections.no_logins')}</p>
      ) : (
        <ul className={styles.logins} aria-labelledby={headingId}>
          {logins.map((login) => (
            <li key={login} className={styles.login}>
              <span className={styles.loginName}>{login}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={t('settings.connections.remove', { login })}
                onClick={() => handleRemove(login)}
              >
                <X size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {isAdding && (
        <form id={formId} className={styles.addForm} noValidate onSubmit={handleAdd}>
          <TextField
            ref={inputRef}
            // Opened on purpose by the pencil: the reader came here to type.
            autoFocus
            name={field}
            label={t('settings.connections.new_login_label', { game: gameName })}
            hint={game === 'leagueoflegends' ? t('game_logins.riot_id_hint') : undefined}
            autoComplete="off"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(undefined);
            }}
            error={error}
          />
          <button type="submit" className="button button-primary" disabled={!typed.trim()}>
            {t('settings.connections.add')}
          </button>
        </form>
      )}
    </section>
  );
}
