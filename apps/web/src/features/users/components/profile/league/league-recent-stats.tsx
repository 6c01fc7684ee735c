import { LEAGUE_GAMES_MAX } from '@guildhall/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { type RecentGames, useMemberRecentGames } from '../../../api/get-member-games';
import { formatAverage, formatPercent, formatRatio } from './league-format';
import { useShownChampion } from './league-champions';
import { ChampionPicture } from './league-pictures';
import { LeagueQueryError } from './league-query-error';
import { StatsSkeleton } from './league-skeletons';
import { computeLeagueStats } from './league-stats';
import styles from './league.module.css';

interface LeagueRecentStatsProps {
  memberId: string;
  riotIds: readonly string[];
  /** False while the games must wait (the ranks come first): drawn as loading. */
  enabled: boolean;
}

/**
 * Games, wins, win rate, average KDA and most played champions of the last 15 days; remakes
 * left out.
 */
export function LeagueRecentStats({ memberId, riotIds, enabled }: LeagueRecentStatsProps) {
  const { data, error, isPending, refetch } = useMemberRecentGames(memberId, riotIds, { enabled });

  if (error && !data) return <LeagueQueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <StatsSkeleton />;
  return <RecentStats recent={data} />;
}

function RecentStats({ recent }: { recent: RecentGames }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const stats = useMemo(() => computeLeagueStats(recent.games, recent.asOf), [recent]);
  const championOf = useShownChampion();

  if (stats.games === 0) return <p className={styles.notice}>{t('league.stats.empty')}</p>;
  const average = (total: number) => formatAverage(total / stats.games, language);
  return (
    <>
      <dl className={styles.stats}>
        <div>
          <dt>{t('league.stats.games')}</dt>
          <dd>{stats.games}</dd>
        </div>
        <div>
          <dt>{t('league.stats.wins')}</dt>
          <dd>{stats.wins}</dd>
        </div>
        <div>
          <dt>{t('league.stats.win_rate')}</dt>
          <dd>{formatPercent(stats.winRate ?? 0, language)}</dd>
        </div>
        <div>
          <dt>{t('league.stats.kda')}</dt>
          <dd>
            {stats.kda === null ? t('league.perfect') : formatRatio(stats.kda, language)}
            <span className={styles.detail}>
              {t('league.stats.per_game', {
                kills: average(stats.kills),
                deaths: average(stats.deaths),
                assists: average(stats.assists),
              })}
            </span>
          </dd>
        </div>
      </dl>
      {recent.games.length >= LEAGUE_GAMES_MAX && (
        <p className={styles.notice}>{t('league.stats.capped', { count: LEAGUE_GAMES_MAX })}</p>
      )}
      <h3 className={styles.subheading}>{t('league.stats.most_played')}</h3>
      <ol className={styles.champions}>
        {stats.mostPlayed.map((played) => {
          const champion = championOf(played);
          return (
            <li key={played.championId} className={styles.champion}>
              <ChampionPicture champion={champion} size={40} alt="" />
              <span className={styles.championName}>{champion.name}</span>
              <span>{t('league.stats.champion_games', { count: played.games })}</span>
            </li>
          );
        })}
      </ol>
    </>
  );
}
