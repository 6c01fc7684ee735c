import { GAME_LOGIN_FIELDS, type LoginGame, type SessionUser } from '@guildhall/contract';
import { Pencil } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GameLoginsEditor } from '@/components/ui/game-logins-editor';
import { useToast } from '@/components/ui/toast';
import { issueText, useApiErrorText } from '@/lib/api-error-text';
import { serverIssuesOf } from '@/lib/form-errors';
import { loginListPatch } from '@/lib/game-logins';
import { useUpdateOwnConnections } from '../api/update-own-connections';
import styles from './connections.module.css';

interface GameLoginsCardProps {
  game: LoginGame;
  user: SessionUser;
}

/**
 * One game's logins. The pencil opens a box to add one; each login has its remove button. Every
 * change saves the game's whole new list at once.
 */
export function GameLoginsCard({ game, user }: GameLoginsCardProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const update = useUpdateOwnConnections();
  const [isAdding, setIsAdding] = useState(false);
  const [error, setError] = useState<string>();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const addBoxId = useId();

  const field = GAME_LOGIN_FIELDS[game];
  const logins = user[field];
  const gameName = t(`games.${game}`);

  /** Saves the game's new list; the promise settles once the server has answered. */
  function save(next: string[]): Promise<unknown> {
    // One change at a time: the next one starts from the list the server sends back.
    if (update.isPending) return Promise.reject(new Error('A change is being saved.'));
    setError(undefined);
    return update.mutateAsync(
      { id: user._id, body: loginListPatch(game, next) },
      {
        onSuccess: () => toast.success(t('settings.profile_updated_success')),
        onError: (failure) => {
          const issue = serverIssuesOf(failure)[field];
          setError(issue && (issueText(t, issue) ?? t('forms.problems.invalid')));
          toast.error(
            t('settings.profile_update_error', { platform: gameName }),
            describe(failure),
          );
        },
      },
    );
  }

  async function remove(login: string) {
    await save(logins.filter((known) => known !== login));
    // The button went with the login: without the add box, the focus goes to the card's own.
    if (!isAdding) toggleRef.current?.focus();
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
          aria-controls={isAdding ? addBoxId : undefined}
          onClick={() => setIsAdding((open) => !open)}
        >
          <Pencil size={18} />
        </button>
      </div>
      <GameLoginsEditor
        game={game}
        logins={logins}
        addLabel={t('settings.connections.new_login_label', { game: gameName })}
        emptyText={t('settings.connections.no_logins')}
        error={error}
        onAdd={(login) => save([...logins, login])}
        onRemove={remove}
        canAdd={isAdding}
        addBoxId={addBoxId}
        autoFocus
      />
    </section>
  );
}
