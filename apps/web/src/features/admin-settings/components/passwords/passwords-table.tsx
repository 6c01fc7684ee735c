import type { PasswordEntry, Team } from '@guildhall/contract';
import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CopyableText } from '@/components/ui/copyable-text';
import { MaskedPassword } from '@/components/ui/masked-password';
import shared from '../admin-tab.module.css';
import { AdminTable } from '../admin-table';
import { DeletePasswordButton } from './delete-password-button';
import { PasswordAuditDialog } from './password-audit-dialog';
import { PasswordFormDialog } from './password-form-dialog';
import styles from './passwords.module.css';

interface PasswordsTableProps {
  entries: PasswordEntry[];
  /** To name the teams of the access rules; undefined while they load. */
  teams: Team[] | undefined;
}

export function PasswordsTable({ entries, teams }: PasswordsTableProps) {
  const { t } = useTranslation();
  const teamName = (teamId: string) =>
    teams?.find((team) => team._id === teamId)?.name ?? t('admin_settings.passwords.unknown_team');

  return (
    <AdminTable
      caption={t('admin_settings.passwords.caption')}
      noWrap
      columns={
        <>
          <th scope="col">{t('admin_settings.passwords.columns.network')}</th>
          <th scope="col">{t('admin_settings.passwords.columns.account')}</th>
          <th scope="col">{t('admin_settings.passwords.columns.password')}</th>
          <th scope="col">{t('admin_settings.passwords.columns.access')}</th>
          <th scope="col">{t('admin_settings.passwords.columns.actions')}</th>
        </>
      }
    >
      {entries.map((entry) => {
        const names = { network: entry.network, account: entry.account };
        return (
          <tr key={entry._id}>
            <th scope="row">{entry.network}</th>
            <td className={shared.wrap}>
              <CopyableText
                text={entry.account}
                label={t('passwords.copy_account', names)}
                copiedMessage={t('passwords.account_copied', names)}
              />
            </td>
            <td>
              <MaskedPassword entry={entry} />
            </td>
            <td className={shared.wrap}>
              {entry.accessRules.length === 0 ? (
                <span className={shared.placeholder}>
                  {t('admin_settings.passwords.admins_only')}
                </span>
              ) : (
                <ul className={styles.accessList}>
                  {entry.accessRules.map((rule) => (
                    <li key={rule.teamId}>
                      {t('admin_settings.passwords.rule', {
                        team: teamName(rule.teamId),
                        roles: rule.roles.join(', '),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </td>
            <td>
              <div className={shared.actions}>
                <PasswordFormDialog entry={entry}>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={t('admin_settings.passwords.edit', names)}
                  >
                    <Pencil size={18} aria-hidden="true" />
                  </button>
                </PasswordFormDialog>
                <PasswordAuditDialog entry={entry} />
                <DeletePasswordButton entry={entry} />
              </div>
            </td>
          </tr>
        );
      })}
    </AdminTable>
  );
}
