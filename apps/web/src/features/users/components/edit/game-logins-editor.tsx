import { GAME_LOGIN_FIELDS, type LoginGame } from '@guildhall/contract';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/ui/text-field';
import { checkNewLogin, useLoginProblemText } from '@/lib/game-logins';
import fieldStyles from '@/components/ui/field.module.css';
import styles from './member-edit.module.css';

interface GameLoginsEditorProps {
  game: LoginGame;
  logins: readonly string[];
  onChange: (logins: string[]) => void;
  /** The server's complaint about this game's list, if any. */
  error: string | undefined;
}

/**
 * One game's usernames in the edit form: each removable, and a box with an Add button (an empty
 * box is ignored, the box is cleared once added). Nothing is saved before Save Changes.
 */
export function GameLoginsEditor({ game, logins, onChange, error }: GameLoginsEditorProps) {
  const { t } = useTranslation();
  const problemText = useLoginProblemText();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const hint = game === 'leagueoflegends' ? t('game_logins.riot_id_hint') : undefined;
  const gameName = t(`games.${game}`);
  const shownError = problem ?? error;
  const describedBy = [hint && hintId, shownError && errorId].filter(Boolean).join(' ');

  function add() {
    const check = checkNewLogin(game, typed, logins);
    if (check.problem === 'empty') return;
    if (check.problem) {
      setProblem(problemText(check.problem));
      return;
    }
    onChange([...logins, check.login]);
    setTyped('');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the username rather than save the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  function remove(login: string) {
    onChange(logins.filter((known) => known !== login));
    // The button disappears with the login: the focus goes to the game's box.
    inputRef.current?.focus();
  }

  return (
    <fieldset className={`card ${styles.game}`}>
      <legend className={styles.gameTitle}>{gameName}</legend>
      {logins.length === 0 ? (
        <p className={styles.muted}>{t('users.edit.no_logins')}</p>
      ) : (
        <ul className={styles.logins}>
          {logins.map((login) => (
            <li key={login} className={styles.login}>
              <span className={styles.loginName}>{login}</span>
              <button
                type="button"
                className="icon-button"
                aria-label={t('users.edit.remove', { login })}
                onClick={() => remove(login)}
              >
                <X size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className={fieldStyles.label} htmlFor={inputId}>
        {t('users.edit.login_label', { game: gameName })}
      </label>
      <div className={styles.addRow}>
        <input
          ref={inputRef}
          id={inputId}
          className={fieldStyles.input}
          name={GAME_LOGIN_FIELDS[game]}
          autoComplete="off"
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={handleKeyDown}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <button type="button" className="button" onClick={add}>
          <Plus size={18} />
          {t('users.edit.add')}
        </button>
      </div>
      {hint && (
        <p id={hintId} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      {shownError && <FieldError id={errorId} message={shownError} />}
    </fieldset>
  );
}
