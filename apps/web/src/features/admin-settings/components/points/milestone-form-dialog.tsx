import {
  MILESTONE_NAME_MAX_LENGTH,
  MILESTONE_THRESHOLD_MAX,
  type Milestone,
  type MilestoneBody,
  type MilestoneIcon as MilestoneIconName,
  milestoneBodySchema,
} from '@guildhall/contract';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useCreateMilestone } from '../../api/create-milestone';
import { useUpdateMilestone } from '../../api/update-milestone';
import shared from '../admin-tab.module.css';
import { DialogForm, FormDialog } from './form-dialog';
import { LookFields } from './icon-picker';

interface MilestoneDraft {
  name: string;
  threshold: string;
  icon: MilestoneIconName;
  colour: string;
}

/** Creates or edits a milestone in a modal dialog. */
export function MilestoneFormDialog({
  children,
  milestone,
}: {
  children: ReactElement;
  milestone?: Milestone;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog
      trigger={children}
      title={
        milestone
          ? t('points_admin.milestones.edit_title', { name: milestone.name })
          : t('points_admin.milestones.create_title')
      }
      description={t('points_admin.milestones.form_description')}
      savedText={(saved: Milestone) =>
        t(milestone ? 'points_admin.milestones.updated' : 'points_admin.milestones.created', {
          name: saved.name,
        })
      }
    >
      {(onSaved) => <MilestoneForm milestone={milestone} onSaved={onSaved} />}
    </FormDialog>
  );
}

function MilestoneForm({
  milestone,
  onSaved,
}: {
  milestone?: Milestone | undefined;
  onSaved: (milestone: Milestone) => void;
}) {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const createMilestone = useCreateMilestone();
  const updateMilestone = useUpdateMilestone();
  const save = milestone ? updateMilestone : createMilestone;
  const form = useContractForm<MilestoneDraft, MilestoneBody>({
    schema: milestoneBodySchema,
    defaultValues: {
      name: milestone?.name ?? '',
      threshold: milestone ? String(milestone.threshold) : '',
      icon: milestone?.icon ?? 'trophy',
      colour: milestone?.colour ?? '#d4a017',
    },
    toBody: (draft) => ({
      name: draft.name.trim(),
      threshold: draft.threshold.trim() === '' ? undefined : Number(draft.threshold),
      icon: draft.icon,
      colour: draft.colour.trim().toLowerCase(),
    }),
    problems: { threshold: { invalid: 'points_admin.milestones.threshold_invalid' } },
    problemParams: { max: MILESTONE_THRESHOLD_MAX },
  });

  const handleSubmit = form.submit((body) => {
    if (save.isPending) return;
    const options = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        if (isApiError(error, 'milestone_threshold_taken')) {
          form.showServerIssues(error, {
            threshold: t('api_errors.milestone_threshold_taken'),
          });
          return;
        }
        form.showFailure(describe(error));
        form.showServerIssues(error);
      },
    };
    if (milestone) updateMilestone.mutate({ id: milestone._id, body }, options);
    else createMilestone.mutate(body, options);
  });

  return (
    <DialogForm onSubmit={handleSubmit} failure={form.failure} pending={save.isPending}>
      <div className={shared.formGrid}>
        <TextField
          label={t('points_admin.milestones.name')}
          required
          autoComplete="off"
          maxLength={MILESTONE_NAME_MAX_LENGTH}
          {...form.field('name')}
        />
        <TextField
          type="number"
          inputMode="numeric"
          label={t('points_admin.milestones.threshold')}
          hint={t('points_admin.milestones.threshold_hint')}
          required
          min={1}
          max={MILESTONE_THRESHOLD_MAX}
          step={1}
          {...form.field('threshold')}
        />
      </div>
      <LookFields
        iconLegend={t('points_admin.milestones.icon')}
        colourLabel={t('points_admin.milestones.colour')}
        icon={form.bind('icon')}
        colour={form.bind('colour')}
      />
    </DialogForm>
  );
}
