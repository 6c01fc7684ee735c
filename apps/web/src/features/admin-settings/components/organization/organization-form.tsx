import {
  maxLengthOf,
  type Organization,
  type OrganizationUpdate,
  organizationUpdateSchema,
} from '@guildhall/contract';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { useUpdateOrganization } from '../../api/update-organization';
import { ColorField } from './color-field';
import {
  bodyOf,
  COLOR_FIELDS,
  LINK_FIELDS,
  ORGANIZATION_PROBLEMS,
  TIME_ZONE_FIELD,
  timeZoneChoices,
  type OrganizationField,
  type OrganizationValues,
  valuesOf,
} from './organization-values';
import styles from './organization.module.css';
import { TimeZoneField } from './time-zone-field';

/** What the server takes in a field, from the contract's schema. */
const maxLength = (field: keyof typeof organizationUpdateSchema.shape) =>
  maxLengthOf(organizationUpdateSchema.shape[field]);

/**
 * The organisation's name, contact, colours and links. Saving applies the answer everywhere at
 * once (theme, sidebar, landing page); Cancel brings back the stored values.
 */
export function OrganizationForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();
  const updateOrganization = useUpdateOrganization();
  const form = useContractForm<OrganizationValues, OrganizationUpdate>({
    schema: organizationUpdateSchema,
    defaultValues: valuesOf(organization),
    toBody: bodyOf,
    problems: ORGANIZATION_PROBLEMS,
  });
  const identityId = useId();
  const timeZones = useTimeZones(organization.time_zone);

  const handleSubmit = form.submit((body) => {
    if (updateOrganization.isPending) return;
    updateOrganization.mutate(body, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast.success(t('organization_settings.saved'));
      },
      onError: (error) => {
        form.showServerIssues(error);
        toast.error(t('organization_settings.save_failed'), describe(error));
      },
    });
  });

  const textField = (
    field: OrganizationField,
    options: { type?: string; autoComplete?: string; maxLength: number | undefined; hint?: string },
  ) => (
    <TextField
      key={field}
      label={t(`organization_settings.fields.${field}`)}
      type={options.type ?? 'text'}
      required={field === 'name' || field === 'email'}
      autoComplete={options.autoComplete ?? 'off'}
      maxLength={options.maxLength}
      hint={options.hint}
      {...form.field(field)}
    />
  );

  return (
    <form
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
        {textField('name', { autoComplete: 'organization', maxLength: maxLength('name') })}
        {textField('email', {
          type: 'email',
          autoComplete: 'email',
          maxLength: maxLength('email'),
        })}
        <TimeZoneField
          zones={timeZones}
          current={form.watch(TIME_ZONE_FIELD)}
          {...form.field(TIME_ZONE_FIELD)}
        />
      </div>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('organization_settings.colors')}</legend>
        <div className={styles.grid}>
          {COLOR_FIELDS.map((field) => (
            <ColorField
              key={field}
              name={field}
              label={t(`organization_settings.fields.${field}`)}
              {...form.bind(field)}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('organization_settings.links')}</legend>
        <p className={styles.note}>{t('organization_settings.link_hint')}</p>
        <div className={styles.grid}>
          {LINK_FIELDS.map((field) =>
            textField(field, { type: 'url', autoComplete: 'url', maxLength: maxLength(field) }),
          )}
        </div>
      </fieldset>

      <div className={styles.actions}>
        <button type="submit" className="button button-primary">
          {updateOrganization.isPending ? t('forms.saving') : t('forms.save')}
        </button>
        <button type="button" className="button" onClick={() => form.reset(valuesOf(organization))}>
          {t('forms.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * The time zones the field offers. The first render offers the stored one alone; the others
 * (about 420 options, three fifths of the tab's elements) follow in a task of their own, after
 * the form's: neither listing them nor making their options lengthens the task that shows the tab.
 * (A deferred render, `useDeferredValue`, would slice that work further, but the tests' `act`
 * takes its yielding in this tree for a render that suspended and was not awaited.)
 */
function useTimeZones(current: string): string[] {
  const [offerAll, setOfferAll] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setOfferAll(true), 0);
    return () => window.clearTimeout(timer);
  }, []);
  return useMemo(() => (offerAll ? timeZoneChoices(current) : [current]), [offerAll, current]);
}
