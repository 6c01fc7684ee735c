import type { MemberPasswordEntry } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import { useRevealPassword } from '@/lib/passwords/reveal-password';
import { CopyButton } from './copy-button';
import styles from './masked-password.module.css';
import { useToast } from './toast';

/** Dots stand for the value whatever its length: the length is a secret too. */
const MASK = '••••••••';

/**
 * An entry's password as tables show it: masked, with a button that reveals it through the
 * API (which audits it) straight into the clipboard.
 */
export function MaskedPassword({
  entry,
}: {
  entry: Pick<MemberPasswordEntry, '_id' | 'network' | 'account'>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const reveal = useRevealPassword();
  const names = { network: entry.network, account: entry.account };

  /** Why the copy failed: the server's reason, or the browser's clipboard refusing. */
  function reason(error: unknown): string {
    if (isApiError(error, 'password_not_found')) return t('passwords.not_found');
    if (error instanceof ApiError) return describe(error);
    return t('passwords.clipboard_error');
  }

  return (
    <span className={styles.masked}>
      <span className={styles.dots} aria-hidden="true">
        {MASK}
      </span>
      <span className="visually-hidden">{t('passwords.masked')}</span>
      <CopyButton
        label={t('passwords.copy', names)}
        copiedMessage={t('passwords.copied', names)}
        getText={() => reveal(entry._id)}
        onError={(error) => toast.error(t('passwords.copy_error', names), reason(error))}
      />
    </span>
  );
}
