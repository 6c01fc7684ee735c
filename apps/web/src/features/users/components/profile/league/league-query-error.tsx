import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { useLanguage } from '@/i18n/use-language';
import { ApiError } from '@/lib/api-client';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import { formatRetryIn } from './league-format';
import styles from './league.module.css';

/**
 * Why League data is missing: a server without a Riot key is a fact to state, not an error; Riot
 * busy (its rate limits) says when to come back; Riot down or slow, or any other failure, is an
 * error, with a way to ask again.
 */
export function LeagueQueryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const describe = useApiErrorText();

  if (isApiError(error, 'riot_not_configured')) {
    return <p className={styles.notice}>{t('league.not_configured')}</p>;
  }
  const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : undefined;
  const message = isApiError(error, 'riot_rate_limited')
    ? retryAfter !== undefined
      ? t('league.busy', { when: formatRetryIn(retryAfter, language) })
      : t('league.busy_soon')
    : isApiError(error, 'riot_unavailable')
      ? t('league.unavailable')
      : t('app.error', { message: describe(error) });
  return (
    <div className={styles.failure}>
      <AlertMessage>{message}</AlertMessage>
      <button type="button" className="button button-small" onClick={onRetry}>
        {t('league.retry')}
      </button>
    </div>
  );
}
