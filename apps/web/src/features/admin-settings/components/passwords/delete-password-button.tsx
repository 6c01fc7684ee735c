import type { PasswordEntry } from '@guildhall/contract';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useDeletePassword } from '../../api/delete-password';

/** Deletes an entry once the admin confirms; the list then loads again. */
export function DeletePasswordButton({ entry }: { entry: PasswordEntry }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const deletePassword = useDeletePassword();
  const names = { network: entry.network, account: entry.account };

  function confirmDelete() {
    deletePassword.mutate(entry._id, {
      onSuccess: () => toast.success(t('admin_settings.passwords.deleted', names)),
      onError: (error) => toast.error(t('admin_settings.passwords.delete_error'), describe(error)),
    });
  }

  return (
    <ConfirmDialog
      title={t('admin_settings.passwords.delete_confirm')}
      description={t('admin_settings.passwords.delete_description', names)}
      confirmLabel={t('admin_settings.passwords.delete_action')}
      onConfirm={confirmDelete}
    >
      <button
        type="button"
        className="icon-button"
        aria-label={t('admin_settings.passwords.delete', names)}
        disabled={deletePassword.isPending}
      >
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </ConfirmDialog>
  );
}
