import type { PasswordEntry } from '@guildhall/contract';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { PasswordForm } from './password-form';
import styles from './passwords.module.css';

interface PasswordFormDialogProps {
  /** The button that opens the dialog; the focus goes back to it when the dialog closes. */
  children: ReactElement;
  /** The entry to edit; none to create one. */
  entry?: PasswordEntry;
}

/** Creates or edits a vault entry in a modal dialog; closing it without saving drops the changes. */
export function PasswordFormDialog({ children, entry }: PasswordFormDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);

  function saved(answer: PasswordEntry) {
    setOpen(false);
    toast.success(
      t(entry ? 'vault.form.updated' : 'vault.form.created', {
        network: answer.network,
        account: answer.account,
      }),
    );
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{children}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <div className={styles.dialogHeader}>
            <Dialog.Title className={styles.dialogTitle}>
              {entry
                ? t('vault.form.edit_title', { network: entry.network, account: entry.account })
                : t('vault.form.create_title')}
            </Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('vault.form.close')}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.dialogDescription}>
            {t('vault.form.description')}
          </Dialog.Description>
          <PasswordForm entry={entry} onSaved={saved} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
