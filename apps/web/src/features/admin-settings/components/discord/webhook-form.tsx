import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { formatDateTime } from '@/lib/format-date';
import { useLanguage } from '@/i18n/use-language';
import { useDiscordWebhook, useSaveDiscordWebhook } from '../../api/discord-webhook';
import shared from '../admin-tab.module.css';
import styles from './discord.module.css';

/**
 * The webhook alerts are posted through (docs/decisions/036-discord-announcements.md): the URL
 * goes to the server, which keeps it sealed and never sends it back, so the form shows only
 * whether one is set, the end of its id, and the last delivery problem.
 */
export function WebhookForm() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const describe = useApiErrorText();
  const webhook = useDiscordWebhook();
  const save = useSaveDiscordWebhook();
  const [url, setUrl] = useState('');
  const [done, setDone] = useState<'saved' | 'removed'>();
  const headingId = useId();

  const send = (body: { url: string | null }) => {
    if (save.isPending) return;
    setDone(undefined);
    save.mutate(body, {
      onSuccess: () => {
        setUrl('');
        setDone(body.url === null ? 'removed' : 'saved');
      },
    });
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (url.trim() !== '') send({ url: url.trim() });
  };
  const state = webhook.data;

  return (
    <section className={`card ${styles.section}`} aria-labelledby={headingId}>
      <div>
        <h3 id={headingId} className={styles.sectionTitle}>
          {t('admin_settings.discord.webhook.title')}
        </h3>
        <p className={shared.note}>{t('admin_settings.discord.webhook.description')}</p>
      </div>

      {webhook.isError ? (
        <AlertMessage>
          {t('admin_settings.discord.webhook.load_error')} {describe(webhook.error)}
        </AlertMessage>
      ) : !state ? (
        <LoadingMessage />
      ) : (
        <div>
          <p>
            {state.configured && state.hint
              ? t('admin_settings.discord.webhook.configured', { hint: state.hint })
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
          value={url}
          onChange={(event) => setUrl(event.target.value)}
        />
        <div className={shared.formActions}>
          {state?.configured && (
            <button type="button" className="button" onClick={() => send({ url: null })}>
              {t('admin_settings.discord.webhook.remove')}
            </button>
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
    </section>
  );
}
