import {
  PROFILE_FIELDS,
  type ProfileField,
  type SessionUser,
  updateAccountBodySchema,
  type UpdateAccountBody,
} from '@guildhall/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { isPseudoRefused, useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import {
  FIELD_SPECS,
  type FieldValues,
  fieldValuesOf,
  PROFILE_PROBLEM_PARAMS,
  PROFILE_PROBLEMS,
  trimmedValues,
} from '@/lib/member-profile-form';
import { useUpdateAccount } from '../api/update-account';
import styles from './settings-forms.module.css';

/**
 * The member's own account fields. Cancel brings back the saved values; a failure keeps what was
 * typed, with the server's complaints shown on the fields they concern.
 */
export function AccountForm({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const updateAccount = useUpdateAccount();
  const form = useContractForm<FieldValues<ProfileField>, UpdateAccountBody>({
    schema: updateAccountBodySchema,
    defaultValues: fieldValuesOf(user, PROFILE_FIELDS),
    toBody: trimmedValues,
    problems: PROFILE_PROBLEMS,
    problemParams: PROFILE_PROBLEM_PARAMS,
  });
  const headingId = useId();

  const handleSubmit = form.submit((body) => {
    if (updateAccount.isPending) return;
    updateAccount.mutate(body, {
      onSuccess: (saved) => {
        form.reset(fieldValuesOf(saved, PROFILE_FIELDS));
        toast.success(t('settings.profile_updated_success'));
      },
      onError: (error) => {
        form.showServerIssues(error, {
          pseudo: isPseudoRefused(error) ? describe(error) : undefined,
        });
        toast.error(t('settings.profile_update_failed'), describe(error));
      },
    });
  });

  return (
    <form className={styles.form} noValidate aria-labelledby={headingId} onSubmit={handleSubmit}>
      <h2 id={headingId} className={styles.heading}>
        {t('settings.account.title')}
      </h2>
      <p className={styles.note}>{t('forms.required_note')}</p>
      <div className={styles.grid}>
        {PROFILE_FIELDS.map((field) => {
          const spec = FIELD_SPECS[field];
          return (
            <TextField
              key={field}
              label={t(`fields.${field}`)}
              type={spec.type}
              required={spec.required}
              autoComplete={spec.autoComplete}
              maxLength={spec.maxLength}
              {...form.field(field)}
            />
          );
        })}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button-primary">
          {updateAccount.isPending ? t('forms.saving') : t('forms.save')}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => form.reset(fieldValuesOf(user, PROFILE_FIELDS))}
        >
          {t('forms.cancel')}
        </button>
      </div>
    </form>
  );
}
