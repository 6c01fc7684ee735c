import { GAME_LOGIN_FIELDS, type LoginGame } from '@guildhall/contract';
import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkNewLogin, useLoginProblemText } from '@/lib/game-logins';
import { BreakableName } from './breakable-name';
import fieldStyles from './field.module.css';
import styles from './game-logins-editor.module.css';
import { FieldError } from './text-field';

interface GameLoginsEditorProps {
  game: LoginGame;
  logins: readonly string[];
  /** The add box's label and the words for an empty list, as each screen puts them. */
  addLabel: string;
  emptyText: string;
  /** The server's complaint about the game's list; it shows until the reader types again. */
  error: string | undefined;
  /** Takes a login the contract's rules accept; once it has (a promise resolved), the box empties. */
  onAdd: (login: string) => unknown;
  /** Drops a login; once done, the focus goes to the box, since the login's button has gone. */
  onRemove: (login: string) => unknown;
  /** Whether the add box shows (the member's settings open it on demand). */
  canAdd?: boolean | undefined;
  addBoxId?: string | undefined;
  /** Puts the focus in the box as it shows: the reader opened it to type. */
  autoFocus?: boolean | undefined;
}

/**
 * One game's logins, each with its remove button, and a box to add one: checked at once and in
 * the reader's language by the contract's rules (lib/game-logins). Enter adds rather than sends
 * a form around it; an empty box is ignored. The member's own settings and the admin's edit form
 * both show it.
 */
export function GameLoginsEditor({
  game,
  logins,
  addLabel,
  emptyText,
  error,
  onAdd,
  onRemove,
  canAdd = true,
  addBoxId,
  autoFocus,
}: GameLoginsEditorProps) {
  const { t } = useTranslation();
  const problemText = useLoginProblemText();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();
  // The server's complaint was about the list as it was: typing again sets it aside, until
  // another complaint comes.
  const [setAside, setSetAside] = useState<string>();
  const [lastError, setLastError] = useState(error);
  if (error !== lastError) {
    setLastError(error);
    setSetAside(undefined);
  }
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const hint = game === 'leagueoflegends' ? t('game_logins.riot_id_hint') : undefined;
  const shownError = problem ?? (error === setAside ? undefined : error);
  const describedBy = [hint && hintId, shownError && errorId].filter(Boolean).join(' ');

  function add() {
    const check = checkNewLogin(game, typed, logins);
    if (check.problem === 'empty') return;
    if (check.problem) {
      setProblem(problemText(check.problem));
      inputRef.current?.focus();
      return;
    }
    Promise.resolve(onAdd(check.login)).then(
      () => {
        setTyped('');
        inputRef.current?.focus();
      },
      // The text stays for another try; whoever saved it has said why it failed.
      () => undefined,
    );
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the login rather than send the form around the box.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  function remove(login: string) {
    Promise.resolve(onRemove(login)).then(
      () => inputRef.current?.focus(),
      () => undefined,
    );
  }

  return (
    <>
      {logins.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <ul className={styles.logins}>
          {logins.map((login) => (
            <li key={login} className={styles.login}>
              <span className={styles.loginName}>
                <BreakableName name={login} />
              </span>
              <button
                type="button"
                className="icon-button"
                aria-label={t('game_logins.remove', { login })}
                onClick={() => remove(login)}
              >
                <X size={18} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {canAdd && (
        <div id={addBoxId} className={styles.addBox}>
          <label className={fieldStyles.label} htmlFor={inputId}>
            {addLabel}
          </label>
          <div className={styles.addRow}>
            <input
              ref={inputRef}
              id={inputId}
              className={fieldStyles.input}
              name={GAME_LOGIN_FIELDS[game]}
              autoComplete="off"
              // Only when the reader asked for the box: it came to type.
              autoFocus={autoFocus}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                setProblem(undefined);
                setSetAside(error);
              }}
              onKeyDown={handleKeyDown}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={describedBy || undefined}
            />
            <button type="button" className="button" disabled={!typed.trim()} onClick={add}>
              <Plus size={18} />
              {t('game_logins.add')}
            </button>
          </div>
          {hint && (
            <p id={hintId} className={fieldStyles.hint}>
              {hint}
            </p>
          )}
          {shownError && <FieldError id={errorId} message={shownError} />}
        </div>
      )}
    </>
  );
}
