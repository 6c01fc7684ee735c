import type { Organization } from '@guildhall/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { type FieldErrors, fieldErrorsFrom, focusFirstInvalid } from '@/lib/form-errors';
import { useUpdateOrganization } from '../../api/update-organization';
import { ColorField } from './color-field';
import {
  bodyOf,
  checkValues,
  COLOR_FIELDS,
  LINK_FIELDS,
  type OrganizationField,
  type OrganizationProblem,
  valuesOf,
} from './organization-values';
import styles from './organization.module.css';

/**
 * The organisation's name, contact, colours and links. Saving applies the answer everywhere at
 * once (theme, sidebar, landing page); Cancel brings back the stored values.
 */
export function OrganizationForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const updateOrganization = useUpdateOrganization();
  const [values, setValues] = useState(() => valuesOf(organization));
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const identityId = useId();

  const problemText = (problem: OrganizationProblem) =>
    problem === 'required' || problem === 'email'
      ? t(`forms.problems.${problem}`)
      : t(`organization_settings.problems.${problem}`);

  function change(field: OrganizationField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    // The complaint was about what was there before.
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    focusFirstInvalid(formRef.current, found);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateOrganization.isPending) return;
    const found: FieldErrors = {};
    for (const [field, problem] of Object.entries(checkValues(values))) {
      found[field] = problemText(problem);
    }
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    updateOrganization.mutate(bodyOf(values), {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        toast.success(t('organization_settings.saved'));
      },
      onError: (error) => {
        showErrors(fieldErrorsFrom(error));
        toast.error(t('organization_settings.save_failed'), describe(error));
      },
    });
  }

  function handleCancel() {
    setValues(valuesOf(organization));
    setErrors({});
  }

  const textField = (
    field: OrganizationField,
    options: { type?: string; autoComplete?: string; maxLength: number; hint?: string },
  ) => (
    <TextField
      key={field}
      name={field}
      label={t(`organization_settings.fields.${field}`)}
      type={options.type ?? 'text'}
      required={field === 'name' || field === 'email'}
      autoComplete={options.autoComplete ?? 'off'}
      maxLength={options.maxLength}
      hint={options.hint}
      value={values[field]}
      onChange={(event) => change(field, event.target.value)}
      error={errors[field]}
    />
  );

  return (
    <form
      ref={formRef}
      className={`card ${styles.section}`}
      noValidate
      aria-labelledby={identityId}
      onSubmit={handleSubmit}
    >
      <h3 id={identityId} className={styles.sectionTitle}>
        {t('organization_settings.identity')}
      </h3>
      <p className={styles.note}>{t('forms.required_note')}</p>
      <div className={styles.grid}>
        {textField('name', { autoComplete: 'organization', maxLength: 80 })}
        {textField('email', { type: 'email', autoComplete: 'email', maxLength: 254 })}
      </div>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('organization_settings.colors')}</legend>
        <div className={styles.grid}>
          {COLOR_FIELDS.map((field) => (
            <ColorField
              key={field}
              name={field}
              label={t(`organization_settings.fields.${field}`)}
              value={values[field]}
              error={errors[field]}
              onChange={(value) => change(field, value)}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('organization_settings.links')}</legend>
        <p className={styles.note}>{t('organization_settings.link_hint')}</p>
        <div className={styles.grid}>
          {LINK_FIELDS.map((field) =>
            textField(field, { type: 'url', autoComplete: 'url', maxLength: 300 }),
          )}
        </div>
      </fieldset>

      <div className={styles.actions}>
        <button type="submit" className="button button-primary">
          {updateOrganization.isPending ? t('forms.saving') : t('forms.save')}
        </button>
        <button type="button" className="button" onClick={handleCancel}>
          {t('forms.cancel')}
        </button>
      </div>
    </form>
  );
}
