import {
  type ManagerBudget,
  POINTS_REASON_MAX_LENGTH,
  type TeamPointsAwardBody,
  teamPointsAwardBodySchema,
} from '@guildhall/contract';
import { Gift, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useTeam } from '@/lib/teams/get-team';
import { useAwardAsManager } from '../api/manager-awards';
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
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="button button-primary">
          <Gift size={16} aria-hidden="true" />
          {t('leaderboard_awards.open')}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={own.overlay} />
        <Dialog.Content className={own.dialog}>
          <div className={own.header}>
            <Dialog.Title className={own.title}>{t('leaderboard_awards.title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('leaderboard_awards.close')}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description>
            {t('leaderboard_awards.remaining', {
              count: budget.remaining,
              limit: budget.limit,
            })}
          </Dialog.Description>
          <GiveForm teamId={teamId} remaining={budget.remaining} onGiven={() => setOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
