import { type DiscordWebhookBody, discordWebhookBodySchema, type Team } from '@guildhall/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/text-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useContractForm } from '@/lib/contract-form';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/i18n/use-language';
import { ORGANIZATION_WEBHOOK, type WebhookTarget } from '../../api/discord-webhook-target';
import { useDiscordWebhook } from '../../api/get-discord-webhook';
import { useSaveDiscordWebhook } from '../../api/save-discord-webhook';
import { AdminSection } from '../admin-section';
import shared from '../admin-tab.module.css';
import styles from './discord.module.css';

interface WebhookFormProps {
  /** The team whose channel the webhook posts to (its events' reminders); the organisation's
   * announcements without it. */
  team?: Pick<Team, '_id' | 'name'>;
}

/**
 * A webhook posts are sent through (docs/decisions/036-discord-announcements.md): the
 * organisation's announcements, or a team's channel. The URL goes to the server, which keeps it
 * sealed and never sends it back, so the form shows only whether one is set, the end of its id,
 * and the last delivery problem.
 */
export function WebhookForm({ team }: WebhookFormProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const describe = useApiErrorText();
  const target: WebhookTarget = team ? { kind: 'team', teamId: team._id } : ORGANIZATION_WEBHOOK;
  const webhook = useDiscordWebhook({ target });
  const save = useSaveDiscordWebhook(target);
  const [done, setDone] = useState<'saved' | 'removed'>();
  const headingId = useId();
  const form = useContractForm<{ url: string }, DiscordWebhookBody>({
    schema: discordWebhookBodySchema,
    defaultValues: { url: '' },
    toBody: (values) => ({ url: values.url.trim() }),
  });

  const send = (body: DiscordWebhookBody) => {
    if (save.isPending) return;
    setDone(undefined);
    save.mutate(body, {
      onSuccess: () => {
        form.reset({ url: '' });
        setDone(body.url === null ? 'removed' : 'saved');
      },
      onError: (error) => form.showServerIssues(error),
    });
  };
  const handleSubmit = form.submit(send);
  // The remove button is gone with the webhook: the focus goes where a new one is typed. (The
  // form's reset forgets its fields until they render again: the focus goes through our ref.)
  const urlInput = useRef<HTMLInputElement>(null);
  const { ref: registerUrl, ...urlField } = form.field('url');
  useEffect(() => {
    if (done === 'removed') urlInput.current?.focus();
  }, [done]);
  const state = webhook.data;

  const body = (
    <>
      {webhook.isError ? (
        <AlertMessage>
          {t('admin_settings.discord.webhook.load_error')} {describe(webhook.error)}
        </AlertMessage>
      ) : !state ? (
        <LoadingMessage shape="line" />
      ) : (
        <div>
          <p className={styles.state}>
            {state.configured && state.hint
              ? t('admin_settings.discord.webhook.configured', { hint: state.hint })
              : team
                ? t('admin_settings.discord.team_webhooks.not_configured')
                : t('admin_settings.discord.webhook.not_configured')}{' '}
            {state.pending > 0 &&
              t('admin_settings.discord.webhook.pending', { count: state.pending })}
          </p>
          {state.problem && (
            <AlertMessage>
              {state.problem_at &&
                t('admin_settings.discord.webhook.problem_at', {
                  date: formatDateTime(state.problem_at, language),
                })}{' '}
              {t(`admin_settings.discord.webhook.problems.${state.problem}`)}{' '}
              {state.stopped && t('admin_settings.discord.webhook.stopped')}
            </AlertMessage>
          )}
        </div>
      )}

      <form className={shared.form} noValidate onSubmit={handleSubmit}>
        <TextField
          type="url"
          label={t('admin_settings.discord.webhook.url')}
          hint={t('admin_settings.discord.webhook.url_hint')}
          autoComplete="off"
          spellCheck={false}
          {...urlField}
          ref={(input) => {
            registerUrl(input);
            urlInput.current = input;
          }}
        />
        <div className={shared.formActions}>
          {state?.configured && (
            <ConfirmDialog
              title={
                team
                  ? t('admin_settings.discord.team_webhooks.remove_confirm', { team: team.name })
                  : t('admin_settings.discord.webhook.remove_confirm')
              }
              description={
                team
                  ? t('admin_settings.discord.team_webhooks.remove_description')
                  : t('admin_settings.discord.webhook.remove_description')
              }
              confirmLabel={t('admin_settings.discord.webhook.remove_action')}
              onConfirm={() => send({ url: null })}
            >
              <button type="button" className="button" aria-disabled={save.isPending}>
                {t('admin_settings.discord.webhook.remove')}
              </button>
            </ConfirmDialog>
          )}
          <button type="submit" className="button button-primary" aria-disabled={save.isPending}>
            {save.isPending
              ? t('admin_settings.discord.webhook.saving')
              : state?.configured
                ? t('admin_settings.discord.webhook.replace')
                : t('admin_settings.discord.webhook.save')}
          </button>
        </div>
      </form>
      <div role="status">
        {done && <p className={styles.report}>{t(`admin_settings.discord.webhook.${done}`)}</p>}
      </div>
      {save.isError && (
        <AlertMessage>
          {t('admin_settings.discord.webhook.failed')} {describe(save.error)}
        </AlertMessage>
      )}
    </>
  );

  // A team's webhook is one of a list, inside the team channels' card.
  if (team) {
    return (
      <div role="group" className={styles.teamWebhook} aria-labelledby={headingId}>
        <h4 id={headingId} className={styles.teamName}>
          {team.name}
        </h4>
        {body}
      </div>
    );
  }
  return (
    <AdminSection
      title={t('admin_settings.discord.webhook.title')}
      description={t('admin_settings.discord.webhook.description')}
      className={styles.section}
    >
      {body}
    </AdminSection>
  );
}
