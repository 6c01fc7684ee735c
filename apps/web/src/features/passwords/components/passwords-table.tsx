import type { MemberPasswordEntry } from '@guildhall/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BreakableName } from '@/components/ui/breakable-name';
import { CopyableText } from '@/components/ui/copyable-text';
import { MaskedPassword } from '@/components/ui/masked-password';
import styles from './passwords.module.css';

/**
 * The member's shared accounts: network, account with its copy, and the masked password with its
 * reveal and its copy.
 */
export function PasswordsTable({ entries }: { entries: readonly MemberPasswordEntry[] }) {
  const { t } = useTranslation();
  const captionId = useId();

  return (
    // Scrolls sideways on narrow screens; focusable so that keyboard users can scroll it too.
    <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          {t('passwords.caption')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('passwords.columns.network')}</th>
            <th scope="col">{t('passwords.columns.account')}</th>
            <th scope="col">{t('passwords.columns.password')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry._id}>
              <th scope="row">
                <BreakableName name={entry.network} />
              </th>
              <td>
                <CopyableText
                  text={entry.account}
                  label={t('passwords.copy_account', {
                    network: entry.network,
                    account: entry.account,
                  })}
                  copiedMessage={t('passwords.account_copied', {
                    network: entry.network,
                    account: entry.account,
                  })}
                />
              </td>
              <td>
                <MaskedPassword entry={entry} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
