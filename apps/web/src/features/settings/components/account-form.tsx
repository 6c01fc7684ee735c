import type { SessionUser } from '@guildhall/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { isPseudoRefused, useApiErrorText } from '@/lib/api-error-text';
import { type FieldErrors, fieldErrorsFrom, focusFirstInvalid } from '@/lib/form-errors';
import {
  checkFieldValues,
  FIELD_SPECS,
  fieldValuesOf,
  PROFILE_FIELDS,
  type ProfileField,
  trimmedValues,
  useFieldProblemText,
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
  const problemText = useFieldProblemText();
  const updateAccount = useUpdateAccount();
  const [values, setValues] = useState(() => fieldValuesOf(user, PROFILE_FIELDS));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const headingId = useId();

  function showErrors(found: FieldErrors) {
    setErrors(found);
    focusFirstInvalid(formRef.current, found);
  }

  function handleChange(field: ProfileField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // The complaint was about what was there before.
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateAccount.isPending) return;
    const problems = checkFieldValues(values);
    const found: FieldErrors = {};
    for (const field of PROFILE_FIELDS) {
      const problem = problems[field];
      if (problem) found[field] = problemText(problem);
    }
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    updateAccount.mutate(trimmedValues(values), {
      onSuccess: (saved) => {
        setValues(fieldValuesOf(saved, PROFILE_FIELDS));
        toast.success(t('settings.profile_updated_success'));
      },
      onError: (error) => {
        const fromServer = fieldErrorsFrom(error);
        if (isPseudoRefused(error)) fromServer.pseudo = describe(error);
        showErrors(fromServer);
        toast.error(t('settings.profile_update_failed'), describe(error));
      },
    });
  }

  function handleCancel() {
    setValues(fieldValuesOf(user, PROFILE_FIELDS));
    setErrors({});
  }

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      aria-labelledby={headingId}
      onSubmit={handleSubmit}
    >
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
              name={field}
              label={t(`fields.${field}`)}
              type={spec.type}
              required={spec.required}
              autoComplete={spec.autoComplete}
              maxLength={spec.maxLength}
              value={values[field]}
              onChange={(event) => handleChange(field, event.target.value)}
              error={errors[field]}
            />
          );
        })}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button-primary">
          {updateAccount.isPending ? t('forms.saving') : t('forms.save')}
        </button>
        <button type="button" className="button" onClick={handleCancel}>
          {t('forms.cancel')}
        </button>
      </div>
    </form>
  );
}
