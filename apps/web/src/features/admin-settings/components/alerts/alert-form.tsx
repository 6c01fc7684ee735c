import {
  ALERT_CONDITION_MAX_LENGTH,
  ALERT_MESSAGE_MAX_LENGTH,
  ALERT_STATUSES,
  ALERT_TYPES,
  type Alert,
  type AlertBody,
} from '@guildhall/contract';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTypeIcon } from '@/components/ui/alert-type-icon';
import { markupText, SafeMarkup, SAFE_MARKUP_TAGS } from '@/components/ui/safe-markup';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage } from '@/components/ui/status-message';
import { TextAreaField } from '@/components/ui/text-area-field';
import { useApiErrorText } from '@/lib/api-error-text';
import { type FieldErrors, fieldErrorsFrom, focusFirstInvalid } from '@/lib/form-errors';
import { useDebouncedCallback } from '@/lib/use-debounced-callback';
import { useCreateAlert } from '../../api/create-alert';
import { useUpdateAlert } from '../../api/update-alert';
import shared from '../admin-tab.module.css';
import { alertStatusOf, alertTypeOf } from './alerts-filters';
import { ConditionHelp } from './condition-help';
import { ConditionPreview } from './condition-preview';
import styles from './alerts.module.css';

/** How long typing must pause before the condition is checked. */
const CHECK_DELAY_MS = 300;

interface AlertFormProps {
  /** The alert being edited; none to create one. */
  alert?: Alert | undefined;
  onSaved: (alert: Alert) => void;
}

/**
 * An alert's type, status, condition and message. The condition is checked by the server as the
 * admin types; the message shows as members will see it, sanitized the same way.
 */
export function AlertForm({ alert, onSaved }: AlertFormProps) {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const createAlert = useCreateAlert();
  const updateAlert = useUpdateAlert();
  const save = alert ? updateAlert : createAlert;
  const [values, setValues] = useState<AlertBody>(() => ({
    type: alert?.type ?? 'infos',
    statut: alert?.statut ?? 'active',
    condition: alert?.condition ?? '',
    message: alert?.message ?? '',
  }));
  const [checked, setChecked] = useState(values.condition);
  const scheduleCheck = useDebouncedCallback(setChecked, CHECK_DELAY_MS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const conditionRef = useRef<HTMLTextAreaElement>(null);
  const previewId = useId();
  const messagePreviewId = useId();

  function change(changes: Partial<AlertBody>) {
    setValues((current) => ({ ...current, ...changes }));
    setErrors((current) => ({
      ...current,
      ...Object.fromEntries(Object.keys(changes).map((field) => [field, undefined])),
    }));
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    focusFirstInvalid(formRef.current, found);
  }

  function showConditionError(offset: number) {
    const field = conditionRef.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(offset, offset + 1);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(undefined);
    const found: FieldErrors = {};
    if (!values.condition.trim()) found.condition = t('forms.problems.required');
    if (!values.message.trim()) found.message = t('forms.problems.required');
    else if (!markupText(values.message)) found.message = t('alerts.form.message_empty');
    if (Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    setErrors({});
    const options = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        setFailure(describe(error));
        showErrors(fieldErrorsFrom(error));
      },
    };
    if (alert) updateAlert.mutate({ id: alert._id, body: values }, options);
    else createAlert.mutate(values, options);
  }

  return (
    <form ref={formRef} className={shared.form} noValidate onSubmit={handleSubmit}>
      <p className={shared.note}>{t('forms.required_note')}</p>
      <div className={shared.formGrid}>
        <SelectField
          name="type"
          label={t('alerts.form.type')}
          required
          value={values.type}
          onChange={(event) => {
            const type = alertTypeOf(event.target.value);
            if (type) change({ type });
          }}
          error={errors.type}
        >
          {ALERT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`alerts.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          name="statut"
          label={t('alerts.form.status')}
          required
          value={values.statut}
          onChange={(event) => {
            const statut = alertStatusOf(event.target.value);
            if (statut) change({ statut });
          }}
          error={errors.statut}
        >
          {ALERT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`alerts.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
      </div>

      <div className={styles.conditionField}>
        <TextAreaField
          ref={conditionRef}
          name="condition"
          label={t('alerts.form.condition')}
          required
          rows={2}
          maxLength={ALERT_CONDITION_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          hint={t('alerts.form.condition_hint')}
          describedBy={previewId}
          value={values.condition}
          onChange={(event) => {
            change({ condition: event.target.value });
            scheduleCheck(event.target.value);
          }}
          error={errors.condition}
        />
        <ConditionPreview
          id={previewId}
          typed={values.condition}
          checked={checked}
          onShowError={showConditionError}
        />
        <ConditionHelp />
      </div>

      <TextAreaField
        name="message"
        label={t('alerts.form.message')}
        required
        rows={4}
        maxLength={ALERT_MESSAGE_MAX_LENGTH}
        hint={t('alerts.form.message_hint', { tags: SAFE_MARKUP_TAGS.join(', ') })}
        describedBy={messagePreviewId}
        value={values.message}
        onChange={(event) => change({ message: event.target.value })}
        error={errors.message}
      />
      <div className={styles.messagePreview}>
        <p id={messagePreviewId} className={styles.previewLabel}>
          {t('alerts.form.preview')}
        </p>
        <div className={styles.previewAlert} data-type={values.type}>
          <AlertTypeIcon type={values.type} />
          {values.message.trim() ? (
            <SafeMarkup markup={values.message} className={styles.previewMessage} />
          ) : (
            <p className={shared.placeholder}>{t('alerts.form.preview_empty')}</p>
          )}
        </div>
      </div>

      {failure !== undefined && (
        <AlertMessage>
          {t('alerts.form.save_failed')} {failure}
        </AlertMessage>
      )}
      <div className={shared.formActions}>
        <Dialog.Close className="button">{t('forms.cancel')}</Dialog.Close>
        <button type="submit" className="button button-primary" aria-disabled={save.isPending}>
          {save.isPending
            ? t('forms.saving')
            : alert
              ? t('alerts.form.save')
              : t('alerts.form.create')}
        </button>
      </div>
    </form>
  );
}
