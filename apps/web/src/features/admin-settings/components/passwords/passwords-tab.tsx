import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { PasswordSearchField } from '@/components/ui/password-search-field';
import { useManagedPasswords } from '../../api/get-managed-passwords';
import { searchVault } from '@/lib/passwords/vault-search';
import { useTeams } from '@/lib/teams/get-teams';
import shared from '../admin-tab.module.css';
import { PasswordExposures } from './password-exposures';
import { PasswordFormDialog } from './password-form-dialog';
import { PasswordsTable } from './passwords-table';

/**
 * The admin settings' Passwords tab: every password entry with its access rules, their editing and
 * audit trails, and the passwords to rotate.
 */
export function PasswordsTab() {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: entries, error, isPending } = useManagedPasswords();
  // The rules name their teams: the table waits for them, or goes without if they fail to load.
  const { data: teams, isPending: teamsPending } = useTeams();
  const [search, setSearch] = useState('');
  const found = entries ? searchVault(entries, search) : [];

  return (
    <section className={shared.tab} aria-labelledby={headingId}>
      <div className={shared.tabHeader}>
        <div>
          <h2 id={headingId} className={shared.tabTitle}>
            {t('admin_settings.passwords.title')}
          </h2>
          <p className={shared.note}>{t('admin_settings.passwords.description')}</p>
        </div>
        <PasswordFormDialog>
          <button type="button" className="button button-primary">
            <Plus size={18} aria-hidden="true" />
            {t('admin_settings.passwords.create')}
          </button>
        </PasswordFormDialog>
      </div>

      {error ? (
        <AlertMessage>{t('admin_settings.passwords.load_error')}</AlertMessage>
      ) : isPending || teamsPending ? (
        <LoadingMessage />
      ) : entries.length > 0 ? (
        <>
          <PasswordSearchField
            value={search}
            onChange={setSearch}
            shown={found.length}
            total={entries.length}
          />
          {found.length > 0 ? (
            <PasswordsTable entries={found} teams={teams} />
          ) : (
            <p className={`card ${shared.empty}`}>{t('passwords.no_match')}</p>
          )}
        </>
      ) : (
        <p className={`card ${shared.empty}`} role="status">
          {t('admin_settings.passwords.empty')}
        </p>
      )}

      <PasswordExposures />
    </section>
  );
}
