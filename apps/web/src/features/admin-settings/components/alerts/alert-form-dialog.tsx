import type { Alert } from '@guildhall/contract';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';
import { Dialog } from '@/components/ui/dialog';
import { AlertForm } from './alert-form';

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
    toast.success(t(alert ? 'alert_editor.form.updated' : 'alert_editor.form.created'));
  }

  return (
    <Dialog
      trigger={children}
      open={open}
      onOpenChange={setOpen}
      title={alert ? t('alert_editor.form.edit_title') : t('alert_editor.form.create_title')}
      description={t('alert_editor.form.description')}
      closeLabel={t('alert_editor.form.close')}
    >
      <AlertForm alert={alert} onSaved={saved} />
    </Dialog>
  );
}
