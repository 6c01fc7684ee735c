import type { Team, TeamDetail } from '@guildhall/contract';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { useTeam } from '@/lib/teams/get-team';
import { Dialog } from '@/components/ui/dialog';
import { TeamForm } from './team-form';

interface TeamFormDialogProps {
  /** The button that opens the dialog; the focus goes back to it when the dialog closes. */
  children: ReactElement;
  /** The team to edit; none to create one. */
  team?: Team;
}

/** Creates or edits a team in a modal dialog; closing it without saving drops the changes. */
export function TeamFormDialog({ children, team }: TeamFormDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);

  function saved(answer: TeamDetail) {
    setOpen(false);
    toast.success(
      t(team ? 'admin_settings.teams.form.updated' : 'admin_settings.teams.form.created', {
        name: answer.name,
      }),
    );
  }

  return (
    <Dialog
      trigger={children}
      open={open}
      onOpenChange={setOpen}
      title={
        team
          ? t('admin_settings.teams.form.edit_title', { name: team.name })
          : t('admin_settings.teams.form.create_title')
      }
      description={t('admin_settings.teams.form.description')}
      closeLabel={t('admin_settings.teams.form.close')}
    >
      {team ? <EditedTeam id={team._id} onSaved={saved} /> : <TeamForm onSaved={saved} />}
    </Dialog>
  );
}

/** The team as the server has it now, members included, before the form shows. */
function EditedTeam({ id, onSaved }: { id: string; onSaved: (team: TeamDetail) => void }) {
  const { t } = useTranslation();
  const { data: team, error, isPending } = useTeam(id);
  if (error) return <AlertMessage>{t('admin_settings.teams.error_fetch_data')}</AlertMessage>;
  if (isPending) return <LoadingMessage />;
  return <TeamForm team={team} onSaved={onSaved} />;
}
