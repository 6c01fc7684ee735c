import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import styles from './league.module.css';

/**
 * Why League data is missing: a server without a Riot key is a fact to state, not an error; Riot
 * down or slow, or any other failure, is one, with a way to ask again.
 */
export function LeagueQueryError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const describe = useApiErrorText();

  if (isApiError(error, 'riot_not_configured')) {
    return <p className={styles.notice}>{t('league.not_configured')}</p>;
  }
  return (
    <div className={styles.failure}>
      <AlertMessage>
        {isApiError(error, 'riot_unavailable')
          ? t('league.unavailable')
          : t('app.error', { message: describe(error) })}
      </AlertMessage>
      <button type="button" className="button button-small" onClick={onRetry}>
        {t('league.retry')}
      </button>
    </div>
  );
}
