import {
  type ManagerBudget,
  POINTS_REASON_MAX_LENGTH,
  type TeamPointsAwardBody,
  teamPointsAwardBodySchema,
} from '@guildhall/contract';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useTeam } from '@/lib/teams/get-team';
import { useAwardAsManager } from '../api/award-as-manager';
import own from './give-points-dialog.module.css';

interface GiveDraft {
  user_id: string;
  points: string;
  reason: string;
}

const EMPTY_GIFT: GiveDraft = { user_id: '', points: '', reason: '' };

/**
 * A team's manager gives points to a member of the team, within what remains of its season's
 * limit (decision 040); the ranking is asked again after.
 */
export function GivePointsDialog({ teamId, budget }: { teamId: string; budget: ManagerBudget }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button type="button" className="button button-primary">
          <Gift size={16} aria-hidden="true" />
          {t('leaderboard_awards.open')}
        </button>
      }
      title={t('leaderboard_awards.title')}
      description={t('leaderboard_awards.remaining', {
        count: budget.remaining,
        limit: budget.limit,
      })}
      closeLabel={t('leaderboard_awards.close')}
      className={own.dialog}
    >
      <GiveForm teamId={teamId} remaining={budget.remaining} onGiven={() => setOpen(false)} />
    </Dialog>
  );
}

function GiveForm({
  teamId,
  remaining,
  onGiven,
}: {
  teamId: string;
  remaining: number;
  onGiven: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const team = useTeam(teamId);
  const give = useAwardAsManager(teamId);
  const form = useContractForm<GiveDraft, TeamPointsAwardBody>({
    schema: teamPointsAwardBodySchema,
    defaultValues: EMPTY_GIFT,
    toBody: (draft) => ({
      user_id: draft.user_id,
      points: draft.points.trim() === '' ? undefined : Number(draft.points),
      reason: draft.reason.trim(),
    }),
    problems: {
      user_id: { empty: 'leaderboard_awards.member_required' },
      points: { invalid: 'leaderboard_awards.points_invalid' },
    },
  });

  if (team.error) return <AlertMessage>{t('leaderboard_awards.team_error')}</AlertMessage>;
  if (team.isPending) return <LoadingMessage />;
  // A member in two of the team's roles is listed once.
  const members = [
    ...new Map(
      team.data.roles.flatMap((role) => role.members).map((member) => [member._id, member]),
    ).values(),
  ].sort((a, b) => a.pseudo.localeCompare(b.pseudo));

  const handleSubmit = form.submit((body) => {
    if (give.isPending) return;
    give.mutate(body, {
      onSuccess: (line) => {
        toast.success(
          t('leaderboard_awards.given', { count: line.points, pseudo: line.member.pseudo }),
        );
        form.reset(EMPTY_GIFT);
        onGiven();
      },
      onError: (error) => {
        form.showFailure(describe(error));
        form.showServerIssues(error);
      },
    });
  });

  return (
    <form className={own.form} noValidate onSubmit={handleSubmit}>
      <SelectField label={t('leaderboard_awards.member')} required {...form.field('user_id')}>
        <option value="">{t('leaderboard_awards.choose_member')}</option>
        {members.map((member) => (
          <option key={member._id} value={member._id}>
            {member.pseudo}
          </option>
        ))}
      </SelectField>
      <TextField
        type="number"
        inputMode="numeric"
        label={t('leaderboard_awards.points')}
        hint={t('leaderboard_awards.points_hint', { count: remaining })}
        required
        step={1}
        min={1}
        max={Math.max(1, remaining)}
        {...form.field('points')}
      />
      <TextAreaField
        label={t('leaderboard_awards.reason')}
        required
        rows={2}
        maxLength={POINTS_REASON_MAX_LENGTH}
        {...form.field('reason')}
      />
      {form.failure && <AlertMessage>{form.failure}</AlertMessage>}
      <div className={own.actions}>
        <button type="submit" className="button button-primary" disabled={give.isPending}>
          {t('leaderboard_awards.submit')}
        </button>
      </div>
    </form>
  );
}
