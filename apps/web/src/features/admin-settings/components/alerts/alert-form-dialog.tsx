import type { Alert } from '@guildhall/contract';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { AlertForm } from './alert-form';
import styles from './alerts.module.css';

interface AlertFormDialogProps {
  /** The button that opens the dialog; the focus goes back to it when the dialog closes. */
  children: ReactElement;
  /** The alert to edit; none to create one. */
  alert?: Alert;
}

/** Creates or edits an alert in a modal dialog; closing it without saving drops the changes. */
export function AlertFormDialog({ children, alert }: AlertFormDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);

  function saved() {
    setOpen(false);
    toast.success(t(alert ? 'alerts.form.updated' : 'alerts.form.created'));
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>{children}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <div className={styles.dialogHeader}>
            <Dialog.Title className={styles.dialogTitle}>
              {alert ? t('alerts.form.edit_title') : t('alerts.form.create_title')}
            </Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('alerts.form.close')}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.dialogDescription}>
            {t('alerts.form.description')}
          </Dialog.Description>
          <AlertForm alert={alert} onSaved={saved} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
