import {
  ALERT_MESSAGE_MAX_LENGTH,
  ALERT_STATUSES,
  ALERT_TYPES,
  type Alert,
  type AlertBody,
  alertBodySchema,
} from '@guildhall/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertTypeIcon } from '@/components/ui/alert-type-icon';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { MarkdownField } from '@/components/ui/markdown-field';
import { markupText } from '@/components/ui/safe-markup';
import { SelectField } from '@/components/ui/select-field';
import { AlertMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { useApiErrorText } from '@/lib/api-error-text';
import { type ProblemKeys, useContractForm } from '@/lib/contract-form';
import { can } from '@/lib/session/abilities';
import { useSession } from '@/lib/session/get-session';
import { useCreateAlert } from '../../api/create-alert';
import { useDiscordWebhook } from '../../api/get-discord-webhook';
import { useUpdateAlert } from '../../api/update-alert';
import shared from '../admin-tab.module.css';
import { fromLocalInput, toLocalInput } from './alert-window';
import { ConditionEditor } from './condition-editor';
import { EVERYONE, writeBuilder } from './condition-builder-model';
import styles from './alerts.module.css';
import { DialogClose } from '@/components/ui/dialog';

/** The contract's body, and a message that members would see as text, not only as tags. */
const alertFormSchema = alertBodySchema.safeExtend({
  message: alertBodySchema.shape.message.refine((message) => markupText(message) !== ''),
});

/** The message's problem: too long (said with the counter's figures) or only tags. */
const alertProblems = (messageLength: number): ProblemKeys => ({
  message: {
    invalid:
      messageLength > ALERT_MESSAGE_MAX_LENGTH
        ? 'alert_editor.form.message_too_long'
        : 'alert_editor.form.message_empty',
  },
  starts_at: { invalid: 'alert_editor.form.date_invalid' },
  ends_at: { invalid: 'alert_editor.form.ends_before_start' },
});

/** The form's values: the window as the `datetime-local` inputs hold it ('' for none). */
interface AlertFormValues {
  type: AlertBody['type'];
  statut: AlertBody['statut'];
  condition: string;
  message: string;
  starts_at: string;
  ends_at: string;
  post_to_discord: boolean;
}

/** The body; the post to Discord only when a webhook is there to take it (else 409). */
const bodyOf =
  (webhookSet: boolean) =>
  (values: AlertFormValues): AlertBody => ({
    ...values,
    starts_at: fromLocalInput(values.starts_at),
    ends_at: fromLocalInput(values.ends_at),
    post_to_discord: webhookSet && values.post_to_discord,
  });

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
  const [messageLength, setMessageLength] = useState(alert?.message_markdown.length ?? 0);
  const { data: user } = useSession();
  const managesDiscord = user ? can(user, 'manage:discord') : false;
  const webhook = useDiscordWebhook({ enabled: managesDiscord });
  const webhookSet = webhook.data?.configured === true;
  const form = useContractForm<AlertFormValues, AlertBody>({
    schema: alertFormSchema,
    defaultValues: {
      type: alert?.type ?? 'infos',
      statut: alert?.statut ?? 'active',
      // A new alert starts in the builder, with no criterion: everyone.
      condition: alert?.condition ?? writeBuilder(EVERYONE),
      message: alert?.message_markdown ?? '',
      starts_at: toLocalInput(alert?.starts_at),
      ends_at: toLocalInput(alert?.ends_at),
      post_to_discord: alert?.post_to_discord ?? false,
    },
    toBody: bodyOf(webhookSet),
    problems: alertProblems(messageLength),
    problemParams: { max: ALERT_MESSAGE_MAX_LENGTH, count: messageLength },
  });
  const [type, condition, message] = form.watch(['type', 'condition', 'message']);
  if (message.length !== messageLength) setMessageLength(message.length);
  const over = message.length - ALERT_MESSAGE_MAX_LENGTH;
  const counterId = useId();

  const handleSubmit = form.submit((body) => {
    if (save.isPending) return;
    const options = {
      onSuccess: onSaved,
      onError: (error: Error) => {
        form.showFailure(describe(error));
        form.showServerIssues(error);
      },
    };
    if (alert) updateAlert.mutate({ id: alert._id, body }, options);
    else createAlert.mutate(body, options);
  });

  return (
    <form className={shared.form} noValidate onSubmit={handleSubmit}>
      <p className={shared.note}>{t('forms.required_note')}</p>
      <div className={shared.formGrid}>
        <SelectField label={t('alert_editor.form.type')} required {...form.field('type')}>
          {ALERT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`alerts.types.${type}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('alert_editor.form.status')} required {...form.field('statut')}>
          {ALERT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`alerts.statuses.${status}`)}
            </option>
          ))}
        </SelectField>
      </div>

      <div className={shared.formGrid}>
        <TextField
          type="datetime-local"
          label={t('alert_editor.form.starts_at')}
          hint={t('alert_editor.form.starts_at_hint')}
          {...form.field('starts_at')}
        />
        <TextField
          type="datetime-local"
          label={t('alert_editor.form.ends_at')}
          hint={t('alert_editor.form.ends_at_hint')}
          {...form.field('ends_at')}
        />
      </div>

      <ConditionEditor
        field={form.field('condition')}
        condition={condition}
        onWrite={(written) =>
          form.setValue('condition', written, { shouldDirty: true, shouldValidate: false })
        }
      />

      {/* No maxLength: a pasted message is never cut; the counter says what is too much. */}
      <MarkdownField
        label={t('alert_editor.form.message')}
        required
        rows={4}
        value={message}
        describedBy={counterId}
        frame={(content) => (
          // The message as the banner shows it to members.
          <div className={styles.previewAlert} data-type={type}>
            <AlertTypeIcon type={type} />
            {content}
          </div>
        )}
        {...form.field('message')}
      />
      <p id={counterId} className={styles.counter} data-over={over > 0 || undefined}>
        {over > 0
          ? t('alert_editor.form.message_count_over', {
              count: message.length,
              max: ALERT_MESSAGE_MAX_LENGTH,
              over,
            })
          : t('alert_editor.form.message_count', {
              count: message.length,
              max: ALERT_MESSAGE_MAX_LENGTH,
            })}
      </p>

      {webhookSet ? (
        <CheckboxField
          label={t('alert_editor.form.post_to_discord')}
          {...form.register('post_to_discord')}
        />
      ) : (
        managesDiscord &&
        webhook.isSuccess && (
          <p className={shared.note}>{t('alert_editor.form.post_to_discord_hint')}</p>
        )
      )}

      {form.failure !== undefined && (
        <AlertMessage>
          {t('alert_editor.form.save_failed')} {form.failure}
        </AlertMessage>
      )}
      <div className={shared.formActions}>
        <DialogClose className="button">{t('forms.cancel')}</DialogClose>
        <button type="submit" className="button button-primary" aria-disabled={save.isPending}>
          {save.isPending
            ? t('forms.saving')
            : alert
              ? t('alert_editor.form.save')
              : t('alert_editor.form.create')}
        </button>
      </div>
    </form>
  );
}
