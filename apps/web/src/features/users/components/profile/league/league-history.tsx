import { LEAGUE_GAMES_PAGE } from '@guildhall/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/ui/pager';
import { itemsOf } from '@/lib/paging';
import { useMemberGameHistory } from '../../../api/get-member-games';
import { LeagueGameSummary } from './league-game';
import { LeagueQueryError } from './league-query-error';
import { HistorySkeleton } from './league-skeletons';
import styles from './league.module.css';

interface LeagueHistoryProps {
  memberId: string;
  riotIds: readonly string[];
  version: string | null | undefined;
  /** False while the games must wait (the ranks come first): drawn as loading. */
  enabled: boolean;
}

/** The ranked games, newest first: five, and five more each time the member asks. */
export function LeagueHistory({ memberId, riotIds, version, enabled }: LeagueHistoryProps) {
  const { t } = useTranslation();
  const history = useMemberGameHistory(memberId, riotIds, { enabled });
  const { data, error, isPending, refetch, fetchNextPage, isFetchNextPageError } = history;
  // Dates read 'x days ago' from when the history was opened.
  const [now] = useState(Date.now);
  const games = useMemo(() => itemsOf(data), [data]);

  if (error && !data) return <LeagueQueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <HistorySkeleton count={LEAGUE_GAMES_PAGE} />;
  if (games.length === 0) return <p className={styles.notice}>{t('league.history.empty')}</p>;

  return (
    <>
      <ol className={styles.games}>
        {games.map((game) => (
          <li key={game.matchId}>
            <LeagueGameSummary game={game} version={version} now={now} />
          </li>
        ))}
      </ol>
      {isFetchNextPageError && error ? (
        <LeagueQueryError error={error} onRetry={() => void fetchNextPage()} />
      ) : (
        <Pager query={history} />
      )}
    </>
  );
}
