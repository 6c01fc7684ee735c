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
      onSuccess: () => toast.success(t('vault.deleted', names)),
      onError: (error) => toast.error(t('vault.delete_error'), describe(error)),
    });
  }

  return (
    <ConfirmDialog
      title={t('vault.delete_confirm')}
      description={t('vault.delete_description', names)}
      confirmLabel={t('vault.delete_action')}
      onConfirm={confirmDelete}
    >
      <button
        type="button"
        className="icon-button"
        aria-label={t('vault.delete', names)}
        disabled={deletePassword.isPending}
      >
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </ConfirmDialog>
  );
}
