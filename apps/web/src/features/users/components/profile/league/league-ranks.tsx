import type { LeagueRank, RankEntry } from '@guildhall/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n/use-language';
import { formatPercent } from './league-format';
import { queueOrder, useLeagueLabels } from '@/lib/league/league-labels';
import { LeagueQueryError } from './league-query-error';
import { RanksSkeleton } from './league-skeletons';
import styles from './league.module.css';

/** A card per Riot ID of the member, with each ranked queue it plays. */
export function LeagueRanks({
  ranks,
  riotIdCount,
}: {
  ranks: UseQueryResult<RankEntry[]>;
  /** How many cards are coming, to draw their places while they load. */
  riotIdCount: number;
}) {
  const { t } = useTranslation();
  const { data, error, isPending, refetch } = ranks;

  if (error && !data) return <LeagueQueryError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <RanksSkeleton count={riotIdCount} />;
  if (data.length === 0) return <p className={styles.notice}>{t('league.ranks.empty')}</p>;
  return (
    <ul className={styles.rankCards}>
      {data.map((entry) => (
        <li key={`${entry.gameName}#${entry.tagLine}`}>
          <RankCard entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function RankCard({ entry }: { entry: RankEntry }) {
  const { t } = useTranslation();
  const headingId = useId();
  const queues = (
    entry.queues.length > 0 ? entry.queues : entry.rankData.lol ? [entry.rankData.lol] : []
  ).toSorted((a, b) => queueOrder(a.queueType) - queueOrder(b.queueType));

  return (
    <article className={styles.rankCard} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.riotId}>
        {entry.gameName}
        <span className={styles.tagLine}>#{entry.tagLine}</span>
      </h3>
      {queues.length === 0 ? (
        <p className={styles.unranked}>{t('league.ranks.unranked')}</p>
      ) : (
        queues.map((rank) => <QueueRank key={rank.queueType} rank={rank} />)
      )}
    </article>
  );
}

function QueueRank({ rank }: { rank: LeagueRank }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { rankName, queueName } = useLeagueLabels();
  const played = rank.wins + rank.losses;

  return (
    <div className={styles.queue}>
      <p className={styles.queueName}>{queueName(rank.queueType)}</p>
      <p className={styles.tier}>
        {rankName(rank.tier, rank.division)}
        <span className={styles.points}>
          {t('league.ranks.points', { points: rank.leaguePoints })}
        </span>
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t('league.ranks.wins')}</dt>
          <dd>{rank.wins}</dd>
        </div>
        <div>
          <dt>{t('league.ranks.losses')}</dt>
          <dd>{rank.losses}</dd>
        </div>
        <div>
          <dt>{t('league.ranks.win_rate')}</dt>
          <dd>
            {played === 0 ? t('common.not_available') : formatPercent(rank.wins / played, language)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
