import type { User } from '@guildhall/contract';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useDeleteUser } from '../../api/delete-user';

/** Deletes a member once the admin confirms; the list then loads again. */
export function DeleteUserButton({ member }: { member: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const deleteUser = useDeleteUser();
  const { pseudo } = member;

  function confirmDelete() {
    deleteUser.mutate(member._id, {
      onSuccess: () => toast.success(t('users.list.delete_success', { pseudo })),
      onError: (error) => toast.error(t('users.list.delete_error'), describe(error)),
    });
  }

  return (
    <ConfirmDialog
      title={t('users.list.delete_confirm')}
      description={t('users.list.delete_description', { pseudo })}
      confirmLabel={t('users.list.delete_action')}
      onConfirm={confirmDelete}
    >
      <button
        type="button"
        className="icon-button"
        aria-label={t('users.list.delete', { pseudo })}
        disabled={deleteUser.isPending}
      >
        <Trash2 size={18} />
      </button>
    </ConfirmDialog>
  );
}
