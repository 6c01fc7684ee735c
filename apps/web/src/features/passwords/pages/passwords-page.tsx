import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordSearchField } from '@/components/ui/password-search-field';
import { PageHeader } from '@/components/ui/page-header';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { usePasswords } from '@/lib/passwords/get-passwords';
import { searchVault } from '@/lib/passwords/vault-search';
import { PasswordsTable } from '../components/passwords-table';
import styles from '../components/passwords.module.css';

/**
 * `/passwords`: the shared accounts the member's team roles open, masked; each shows or copies
 * its password on demand. The server lists only those entries, never their values.
 */
export function PasswordsPage() {
  const { t } = useTranslation();
  const { data: entries, error, isPending } = usePasswords();
  const [search, setSearch] = useState('');

  return (
    <>
      <PageHeader
        title={t('pages.passwords.title')}
        description={t('pages.passwords.description')}
      />
      {error ? (
        <AlertMessage>{t('passwords.load_error')}</AlertMessage>
      ) : isPending ? (
        <LoadingMessage />
      ) : entries.length > 0 ? (
        <FoundEntries entries={entries} search={search} onSearch={setSearch} />
      ) : (
        <p className={`card ${styles.empty}`} role="status">
          {t('passwords.empty')}
        </p>
      )}
    </>
  );
}

function FoundEntries({
  entries,
  search,
  onSearch,
}: {
  entries: NonNullable<ReturnType<typeof usePasswords>['data']>;
  search: string;
  onSearch: (search: string) => void;
}) {
  const { t } = useTranslation();
  const found = searchVault(entries, search);
  return (
    <div className={styles.results}>
      <PasswordSearchField
        value={search}
        onChange={onSearch}
        shown={found.length}
        total={entries.length}
      />
      {found.length > 0 ? (
        <PasswordsTable entries={found} />
      ) : (
        <p className={`card ${styles.empty}`}>{t('passwords.no_match')}</p>
      )}
    </div>
  );
}
