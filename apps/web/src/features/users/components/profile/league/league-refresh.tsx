import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { useLanguage } from '@/i18n/use-language';
import { ApiError } from '@/lib/api-client';
import { isApiError, useApiErrorText } from '@/lib/api-error-text';
import { useRefreshMemberLeague } from '../../../api/refresh-member-league';
import { formatDateTime, formatRetryIn, formatTimeAgo } from './league-format';
import styles from './league.module.css';

/** "Updated 3 minutes ago" moves on by itself this often. */
const TICK_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

interface LeagueRefreshProps {
  memberId: string;
  /** When Riot gave the data shown (epoch ms); undefined when no Riot ID is known to Riot. */
  refreshedAt: number | undefined;
}

/**
 * When the League data was last had from Riot, and a button to have it again. The server allows
 * a refresh once every few minutes per profile: sooner, it says when.
 */
export function LeagueRefresh({ memberId, refreshedAt }: LeagueRefreshProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const describe = useApiErrorText();
  const refresh = useRefreshMemberLeague(memberId);
  // Data fetched a moment ago by this very screen must not read as "in 2 seconds".
  const now = Math.max(useNow(), refreshedAt ?? 0);
  const { error, isPending } = refresh;
  const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : undefined;

  return (
    <div className={styles.freshness}>
      {refreshedAt !== undefined && (
        <p className={styles.notice}>
          <time
            dateTime={new Date(refreshedAt).toISOString()}
            title={formatDateTime(refreshedAt, language)}
          >
            {t('league.refresh.updated', { ago: formatTimeAgo(refreshedAt, now, language) })}
          </time>
        </p>
      )}
      <button
        type="button"
        className="button button-small"
        // Not disabled while refreshing: the button keeps the keyboard focus.
        aria-disabled={isPending}
        onClick={() => {
          if (!isPending) refresh.mutate();
        }}
      >
        <RefreshCw aria-hidden="true" size={16} />
        {isPending ? t('league.refresh.pending') : t('league.refresh.button')}
      </button>
      {error && isApiError(error, 'rate_limited') ? (
        <p className={styles.notice} role="status">
          {retryAfter === undefined
            ? t('league.refresh.too_soon_later')
            : t('league.refresh.too_soon', { when: formatRetryIn(retryAfter, language) })}
        </p>
      ) : (
        error && (
          <AlertMessage>
            {isApiError(error, 'riot_not_configured')
              ? t('league.not_configured')
              : t('app.error', { message: describe(error) })}
          </AlertMessage>
        )
      )}
    </div>
  );
}
