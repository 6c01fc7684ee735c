import {
  BADGE_NAME_MAX_LENGTH,
  BADGE_REASON_MAX_LENGTH,
  type BadgeBody,
  badgeBodySchema,
  type MemberBadge,
  type MilestoneIcon as MilestoneIconName,
  type User,
} from '@guildhall/contract';
import { type ReactElement, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useAwardBadge } from '../../api/award-badge';
import { DialogForm, FormDialog } from './form-dialog';
import { LookFields } from './icon-picker';
import styles from './points.module.css';

interface BadgeDraft {
  name: string;
  icon: MilestoneIconName;
  colour: string;
  reason: string;
}

/** Gives the member a one-off badge, in a modal dialog. */
export function BadgeFormDialog({ children, member }: { children: ReactElement; member: User }) {
  const { t } = useTranslation();
  const { pseudo } = member;
  return (
    <FormDialog
      trigger={children}
      title={t('points_admin.badges.create_title', { pseudo })}
      description={t('points_admin.badges.form_description')}
      savedText={(saved: MemberBadge) =>
        t('points_admin.badges.created', { name: saved.name, pseudo })
      }
    >
      {(onSaved) => <BadgeForm member={member} onSaved={onSaved} />}
    </FormDialog>
  );
}

function BadgeForm({ member, onSaved }: { member: User; onSaved: (badge: MemberBadge) => void }) {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const award = useAwardBadge(member._id);
  const counterId = useId();
  const form = useContractForm<BadgeDraft, BadgeBody>({
    schema: badgeBodySchema,
    defaultValues: { name: '', icon: 'star', colour: '#3366ff', reason: '' },
    toBody: (draft) => ({
      name: draft.name.trim(),
      icon: draft.icon,
      colour: draft.colour.trim().toLowerCase(),
      reason: draft.reason.trim(),
    }),
  });
  const reason = form.watch('reason');

  const handleSubmit = form.submit((body) => {
    if (award.isPending) return;
    award.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        form.showFailure(describe(error));
        form.showServerIssues(error);
      },
    });
  });

  return (
    <DialogForm onSubmit={handleSubmit} failure={form.failure} pending={award.isPending}>
      <TextField
        label={t('points_admin.badges.name')}
        required
        autoComplete="off"
        maxLength={BADGE_NAME_MAX_LENGTH}
        {...form.field('name')}
      />
      <LookFields
        iconLegend={t('points_admin.badges.icon')}
        colourLabel={t('points_admin.badges.colour')}
        icon={form.bind('icon')}
        colour={form.bind('colour')}
      />
      <div>
        <TextAreaField
          label={t('points_admin.badges.reason')}
          rows={2}
          maxLength={BADGE_REASON_MAX_LENGTH}
          describedBy={counterId}
          {...form.field('reason')}
        />
        <p id={counterId} className={styles.counter}>
          {t('points_admin.award.counter', { count: reason.length, max: BADGE_REASON_MAX_LENGTH })}
        </p>
      </div>
    </DialogForm>
  );
}
