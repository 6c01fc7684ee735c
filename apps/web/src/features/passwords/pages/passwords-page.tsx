import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { usePasswords } from '@/lib/passwords/get-passwords';
import { PasswordsTable } from '../components/passwords-table';
import styles from '../components/passwords.module.css';

/**
 * `/passwords`: the shared accounts the member's team roles open, masked; each copies its
 * password on demand. The server lists only those entries, never their values.
 */
export function PasswordsPage() {
  const { t } = useTranslation();
  const { data: entries, error, isPending } = usePasswords();

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
        <PasswordsTable entries={entries} />
      ) : (
        <p className={`card ${styles.empty}`} role="status">
          {t('passwords.empty')}
        </p>
      )}
    </>
  );
}
