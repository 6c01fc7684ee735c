import { useTranslation } from 'react-i18next';
import styles from './password-search-field.module.css';
import { TextField } from './text-field';

interface PasswordSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** How many entries the search keeps, and out of how many. */
  shown: number;
  total: number;
}

/**
 * Filters the shared accounts by network or account as one types, and says how many it keeps:
 * the member's passwords page and the admin's Passwords tab.
 */
export function PasswordSearchField({ value, onChange, shown, total }: PasswordSearchFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.search}>
      <TextField
        type="search"
        label={t('passwords.search_label')}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p role="status" className={styles.status}>
        {value.trim() === '' ? '' : t('passwords.search_count', { count: shown, total })}
      </p>
    </div>
  );
}
