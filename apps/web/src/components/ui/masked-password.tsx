import type { MemberPasswordEntry } from '@guildhall/contract';
import { Eye, EyeOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import { useRevealPassword } from '@/lib/passwords/reveal-password';
import { CopyButton } from './copy-button';
import styles from './masked-password.module.css';
import { useToast } from './toast';

/** Dots stand for the value whatever its length: the length is a secret too. */
const MASK = '••••••••';

/** A revealed password hides again after this long, in case the screen is left open. */
export const REVEAL_MS = 30_000;

/**
 * An entry's password as tables show it: masked, with a button that shows it and one that copies
 * it, each through the API's reveal (which checks access and audits it). A shown value lives in
 * this component only, until it is hidden again.
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
  const [shown, setShown] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  /** Why the reveal failed: the server's reason, or the browser's clipboard refusing. */
  function reason(error: unknown): string {
    if (isApiError(error, 'password_not_found')) return t('passwords.not_found');
    if (error instanceof ApiError) return describe(error);
    return t('passwords.clipboard_error');
  }

  async function toggle() {
    clearTimeout(hideTimer.current);
    if (shown !== null) {
      setShown(null);
      return;
    }
    if (revealing) return;
    setRevealing(true);
    try {
      setShown(await reveal(entry._id));
      hideTimer.current = setTimeout(() => setShown(null), REVEAL_MS);
    } catch (error) {
      toast.error(t('passwords.reveal_error', names), reason(error));
    } finally {
      setRevealing(false);
    }
  }

  return (
    <span className={styles.masked}>
      {shown === null ? (
        <>
          <span className={styles.dots} aria-hidden="true">
            {MASK}
          </span>
          <span className="visually-hidden">{t('passwords.masked')}</span>
        </>
      ) : (
        <code className={styles.value}>{shown}</code>
      )}
      <button
        type="button"
        className="icon-button"
        aria-label={t('passwords.reveal', names)}
        aria-pressed={shown !== null}
        aria-disabled={revealing || undefined}
        onClick={() => void toggle()}
      >
        {shown === null ? (
          <Eye size={18} aria-hidden="true" />
        ) : (
          <EyeOff size={18} aria-hidden="true" />
        )}
      </button>
      <CopyButton
        label={t('passwords.copy', names)}
        copiedMessage={t('passwords.copied', names)}
        getText={() => reveal(entry._id)}
        onError={(error) => toast.error(t('passwords.copy_error', names), reason(error))}
      />
    </span>
  );
}
