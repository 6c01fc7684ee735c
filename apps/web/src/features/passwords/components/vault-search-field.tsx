import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import styles from './passwords.module.css';

interface VaultSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** How many entries the search keeps, and out of how many. */
  shown: number;
  total: number;
}

/** Filters the shared accounts by network or account as the member types. */
export function VaultSearchField({ value, onChange, shown, total }: VaultSearchFieldProps) {
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
      <p role="status" className={styles.searchStatus}>
        {value.trim() === '' ? '' : t('passwords.search_count', { count: shown, total })}
      </p>
    </div>
  );
}
