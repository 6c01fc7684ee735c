import type { Team } from '@guildhall/contract';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useDeleteTeam } from '../../api/delete-team';

/** Deletes a team once the admin confirms; the list then loads again. */
export function DeleteTeamButton({ team }: { team: Team }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const deleteTeam = useDeleteTeam();
  const { name } = team;

  function confirmDelete() {
    deleteTeam.mutate(team._id, {
      onSuccess: () => toast.success(t('admin_settings.teams.deleted', { name })),
      onError: (error) => toast.error(t('admin_settings.teams.delete_error'), describe(error)),
    });
  }

  return (
    <ConfirmDialog
      title={t('admin_settings.teams.delete_confirm')}
      description={t('admin_settings.teams.delete_description', { name })}
      confirmLabel={t('admin_settings.teams.delete_action')}
      onConfirm={confirmDelete}
    >
      <button
        type="button"
        className="icon-button"
        aria-label={t('admin_settings.teams.delete', { name })}
        disabled={deleteTeam.isPending}
      >
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </ConfirmDialog>
  );
}
