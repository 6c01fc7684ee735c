import { ROLES, type Role, USER_SEARCH_MAX_LENGTH } from '@guildhall/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedCallback } from '@/lib/use-debounced-callback';
import type { UsersListParams } from '@/lib/users/user-query-keys';
import styles from './users-list.module.css';

/** Searching waits until typing pauses, so that the server is not asked at every key. */
export const SEARCH_DEBOUNCE_MS = 300;

interface UsersListFiltersProps {
  query: UsersListParams;
  /** A new search or role: the list starts again from its first page. */
  onFilter: (changes: Partial<UsersListParams>, options?: { replace?: boolean }) => void;
}

export function UsersListFilters({ query, onFilter }: UsersListFiltersProps) {
  const { t } = useTranslation();
  const roleOf = (value: string): Role | undefined => ROLES.find((role) => role === value);

  return (
    <div className={styles.filters}>
      <SearchBox
        search={query.q}
        // Typing replaces the current history entry rather than add one per pause.
        onSearch={(q) => onFilter({ q }, { replace: true })}
      />
      <SelectField
        label={t('users.list.role_label')}
        value={query.role ?? ''}
        onChange={(event) => onFilter({ role: roleOf(event.target.value) })}
      >
        <option value="">{t('users.list.all_roles')}</option>
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** The text typed, sent once typing pauses; it follows the address on back and forward. */
function SearchBox({ search, onSearch }: { search: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(search);
  const [lastSearch, setLastSearch] = useState(search);
  const sendSearch = useDebouncedCallback(onSearch, SEARCH_DEBOUNCE_MS);

  // The address changed by other means (back, forward): show its search, unless it is what is
  // being typed already (give or take spaces).
  if (search !== lastSearch) {
    setLastSearch(search);
    if (typed.trim() !== search) setTyped(search);
  }

  return (
    <div className={styles.search}>
      <TextField
        type="search"
        label={t('users.list.search_label')}
        autoComplete="off"
        maxLength={USER_SEARCH_MAX_LENGTH}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          sendSearch(event.target.value.trim());
        }}
      />
    </div>
  );
}
