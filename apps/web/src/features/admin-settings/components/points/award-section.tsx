import {
  POINTS_PER_LINE_MAX,
  POINTS_REASON_MAX_LENGTH,
  type PointsAwardBody,
  pointsAwardBodySchema,
  type User,
} from '@guildhall/contract';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberAvatar } from '@/components/ui/member-avatar';
import { AlertMessage } from '@/components/ui/status-message';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useAwardPoints } from '../../api/award-points';
import { AdminSection } from '../admin-section';
import shared from '../admin-tab.module.css';
import { MemberPicker } from '../member-picker';
import styles from './points.module.css';

interface AwardDraft {
  user_id: string;
  points: string;
  reason: string;
}

const EMPTY_AWARD: AwardDraft = { user_id: '', points: '', reason: '' };

/** Points given or taken by hand: a new line of the current season, never an edit of one. */
export function AwardSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const award = useAwardPoints();
  const counterId = useId();
  const [member, setMember] = useState<User>();
  const form = useContractForm<AwardDraft, PointsAwardBody>({
    schema: pointsAwardBodySchema,
    defaultValues: EMPTY_AWARD,
    toBody: (draft) => ({
      user_id: draft.user_id,
      points: draft.points.trim() === '' ? undefined : Number(draft.points),
      reason: draft.reason.trim(),
    }),
    problems: {
      user_id: { empty: 'points_admin.award.member_required' },
      points: {
        empty: 'points_admin.award.points_required',
        invalid: 'points_admin.award.points_invalid',
      },
    },
    problemParams: { max: POINTS_PER_LINE_MAX },
  });
  const reason = form.watch('reason');

  function pick(picked: User | undefined) {
    setMember(picked);
    form.setValue('user_id', picked?._id ?? '');
    form.clearErrors('user_id');
  }

  const handleSubmit = form.submit((body) => {
    if (award.isPending) return;
    award.mutate(body, {
      onSuccess: () => {
        toast.success(
          t(body.points > 0 ? 'points_admin.award.given' : 'points_admin.award.taken', {
            count: Math.abs(body.points),
            pseudo: member?.pseudo ?? '',
          }),
        );
        setMember(undefined);
        form.reset(EMPTY_AWARD);
      },
      onError: (error) => {
        form.showFailure(describe(error));
        form.showServerIssues(error);
      },
    });
  });

  return (
    <AdminSection
      title={t('points_admin.award.title')}
      description={t('points_admin.award.description')}
    >
      <form className={shared.form} noValidate onSubmit={handleSubmit}>
        <p className={shared.note}>{t('forms.required_note')}</p>
        {member ? (
          <div className={styles.chosen}>
            <MemberAvatar member={member} />
            <span>{t('points_admin.award.chosen', { pseudo: member.pseudo })}</span>
            <button type="button" className="button" onClick={() => pick(undefined)}>
              {t('points_admin.award.change_member')}
            </button>
          </div>
        ) : (
          <MemberPicker
            label={t('points_admin.award.member')}
            hint={t('points_admin.award.member_hint')}
            pickLabel={(found) => t('points_admin.award.pick', { pseudo: found.pseudo })}
            icon={<UserPlus size={18} aria-hidden="true" />}
            onPick={pick}
            name="user_id"
            error={form.errorOf('user_id')}
          />
        )}
        <div className={shared.formGrid}>
          <TextField
            type="number"
            inputMode="numeric"
            label={t('points_admin.award.points')}
            hint={t('points_admin.award.points_hint')}
            required
            step={1}
            min={-POINTS_PER_LINE_MAX}
            max={POINTS_PER_LINE_MAX}
            {...form.field('points')}
          />
        </div>
        <div>
          <TextAreaField
            label={t('points_admin.award.reason')}
            required
            rows={2}
            maxLength={POINTS_REASON_MAX_LENGTH}
            describedBy={counterId}
            {...form.field('reason')}
          />
          <p id={counterId} className={styles.counter}>
            {t('points_admin.award.counter', {
              count: reason.length,
              max: POINTS_REASON_MAX_LENGTH,
            })}
          </p>
        </div>
        {form.failure && <AlertMessage>{form.failure}</AlertMessage>}
        <div className={shared.formActions}>
          <button type="submit" className="button button-primary" disabled={award.isPending}>
            {t('points_admin.award.submit')}
          </button>
        </div>
      </form>
    </AdminSection>
  );
}
