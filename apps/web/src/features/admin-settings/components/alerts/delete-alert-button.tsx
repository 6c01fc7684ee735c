import type { Alert } from '@guildhall/contract';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useDeleteAlert } from '../../api/delete-alert';

/** Deletes an alert once the admin confirms; nobody sees it any more. */
export function DeleteAlertButton({ alert, summary }: { alert: Alert; summary: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const deleteAlert = useDeleteAlert();

  function confirmDelete() {
    deleteAlert.mutate(alert._id, {
      onSuccess: () => toast.success(t('alert_editor.admin.deleted', { summary })),
      onError: (error) => toast.error(t('alert_editor.admin.delete_error'), describe(error)),
    });
  }

  return (
    <ConfirmDialog
      title={t('alert_editor.admin.delete_confirm')}
      description={t('alert_editor.admin.delete_description', { summary })}
      confirmLabel={t('alert_editor.admin.delete_action')}
      onConfirm={confirmDelete}
    >
      <button
        type="button"
        className="icon-button"
        aria-label={t('alert_editor.admin.delete', { summary })}
        disabled={deleteAlert.isPending}
      >
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </ConfirmDialog>
  );
}
