import { type User, USER_SEARCH_MAX_LENGTH } from '@guildhall/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { AlertMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { displayName } from '@/lib/member-name';
import { useDebouncedCallback } from '@/lib/use-debounced-callback';
import { useMemberSearch } from '../../api/search-members';
import styles from './teams.module.css';

/** The server is asked once typing pauses, not at every key. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 300;

interface MemberPickerProps {
  /** The role's name, as the labels say it. */
  roleLabel: string;
  /** Members already in the role: they are not offered again. */
  chosenIds: readonly string[];
  onPick: (member: User) => void;
}

/** Finds members by pseudo on the server and adds the one picked to a role. */
export function MemberPicker({ roleLabel, chosenIds, onPick }: MemberPickerProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const sendQuery = useDebouncedCallback(setQuery, MEMBER_SEARCH_DEBOUNCE_MS);
  const search = useMemberSearch(query);
  const offered = (search.data ?? []).filter((member) => !chosenIds.includes(member._id));

  return (
    <div className={styles.picker}>
      <TextField
        type="search"
        label={t('admin_settings.teams.form.search_label', { role: roleLabel })}
        hint={t('admin_settings.teams.form.search_hint')}
        autoComplete="off"
        maxLength={USER_SEARCH_MAX_LENGTH}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          sendQuery(event.target.value.trim());
        }}
        // Enter searches (it already does as one types): it must not submit the whole team.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {query !== '' &&
        (search.error ? (
          <AlertMessage>{t('admin_settings.teams.form.search_error')}</AlertMessage>
        ) : (
          <>
            <p className={styles.searchStatus} role="status">
              {search.isPending
                ? t('admin_settings.teams.form.searching')
                : offered.length === 0
                  ? t('admin_settings.teams.form.no_results')
                  : t('admin_settings.teams.form.results', { number: offered.length })}
            </p>
            {offered.length > 0 && (
              <ul className={styles.results} aria-busy={search.isFetching || undefined}>
                {offered.map((member) => (
                  <li key={member._id}>
                    <button
                      type="button"
                      className={styles.result}
                      aria-label={t('admin_settings.teams.form.add_member', {
                        pseudo: member.pseudo,
                        role: roleLabel,
                      })}
                      onClick={() => onPick(member)}
                    >
                      <MemberAvatar member={member} />
                      <span className={styles.resultText}>
                        <span className={styles.resultPseudo}>{member.pseudo}</span>
                        {displayName(member) !== member.pseudo && (
                          <span className={styles.resultName}>{displayName(member)}</span>
                        )}
                      </span>
                      <Plus size={18} aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        ))}
    </div>
  );
}
