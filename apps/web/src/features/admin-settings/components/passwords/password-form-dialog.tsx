import type { PasswordEntry } from '@guildhall/contract';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { Dialog } from '@/components/ui/dialog';
import { PasswordForm } from './password-form';
import styles from './passwords.module.css';

interface PasswordFormDialogProps {
  /** The button that opens the dialog; the focus goes back to it when the dialog closes. */
  children: ReactElement;
  /** The entry to edit; none to create one. */
  entry?: PasswordEntry;
}

/** Creates or edits a password entry in a modal dialog; closing it without saving drops the changes. */
export function PasswordFormDialog({ children, entry }: PasswordFormDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);

  function saved(answer: PasswordEntry) {
    setOpen(false);
    toast.success(
      t(entry ? 'admin_settings.passwords.form.updated' : 'admin_settings.passwords.form.created', {
        network: answer.network,
        account: answer.account,
      }),
    );
  }

  return (
    <Dialog
      trigger={children}
      open={open}
      onOpenChange={setOpen}
      className={styles.dialog}
      titleClassName={styles.dialogTitle}
      title={
        entry
          ? t('admin_settings.passwords.form.edit_title', {
              network: entry.network,
              account: entry.account,
            })
          : t('admin_settings.passwords.form.create_title')
      }
      description={t('admin_settings.passwords.form.description')}
      closeLabel={t('admin_settings.passwords.form.close')}
    >
      <PasswordForm entry={entry} onSaved={saved} />
    </Dialog>
  );
}
