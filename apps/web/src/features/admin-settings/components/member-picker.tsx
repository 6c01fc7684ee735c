import { type User, USER_SEARCH_MAX_LENGTH } from '@guildhall/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { AlertMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { displayName } from '@/lib/member-name';
import { useDebouncedCallback } from '@/lib/use-debounced-callback';
import { useMemberSearch } from '../api/search-members';
import styles from './member-picker.module.css';

/** The server is asked once typing pauses, not at every key. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 300;

interface MemberPickerProps {
  /** The search field's label and hint. */
  label: string;
  hint: string;
  /** What picking a member does, as its button tells screen readers. */
  pickLabel: (member: User) => string;
  /** Shown at the end of each member's button. */
  icon: ReactNode;
  /** Members not to offer (already in the role, already chosen). */
  chosenIds?: readonly string[];
  onPick: (member: User) => void;
  /**
   * In a form that needs a member: the field's name (the form moves the focus to the search box
   * when no member is chosen) and the complaint, read with the search box.
   */
  name?: string;
  error?: string | undefined;
}

/** Finds members by pseudo on the server; each one found is a button that picks it. */
export function MemberPicker({
  label,
  hint,
  pickLabel,
  icon,
  chosenIds = [],
  onPick,
  name,
  error,
}: MemberPickerProps) {
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
        label={label}
        hint={hint}
        name={name}
        error={error}
        autoComplete="off"
        maxLength={USER_SEARCH_MAX_LENGTH}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          sendQuery(event.target.value.trim());
        }}
        // Enter searches (it already does as one types): it must not submit the form around it.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {query !== '' &&
        (search.error ? (
          <AlertMessage>{t('admin_settings.member_search.error')}</AlertMessage>
        ) : (
          <>
            <p className={styles.searchStatus} role="status">
              {search.isPending
                ? t('admin_settings.member_search.searching')
                : offered.length === 0
                  ? t('admin_settings.member_search.no_results')
                  : t('admin_settings.member_search.results', { number: offered.length })}
            </p>
            {offered.length > 0 && (
              <ul className={styles.results} aria-busy={search.isFetching || undefined}>
                {offered.map((member) => (
                  <li key={member._id}>
                    <button
                      type="button"
                      className={styles.result}
                      aria-label={pickLabel(member)}
                      onClick={() => onPick(member)}
                    >
                      <MemberAvatar member={member} />
                      <span className={styles.resultText}>
                        <span className={styles.resultPseudo}>{member.pseudo}</span>
                        {displayName(member) !== member.pseudo && (
                          <span className={styles.resultName}>{displayName(member)}</span>
                        )}
                      </span>
                      {icon}
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
