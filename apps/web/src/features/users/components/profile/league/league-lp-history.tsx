import {
  APEX_RANK_VALUE,
  LEAGUE_TIERS,
  LEAGUE_TIER_SPAN,
  RANKED_QUEUES,
  type LeagueSnapshot,
  type RankedQueue,
} from '@guildhall/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n/use-language';
import { formatCalendarDay } from '@/lib/format-date';
import { useMediaQuery } from '@/lib/use-media-query';
import { useMemberLeagueHistory } from '../../../api/get-member-league-history';
import { useLeagueLabels } from '@/lib/league/league-labels';
import { LeagueQueryError } from './league-query-error';
import styles from './league.module.css';

/**
 * The chart's box, in SVG units: the tiers' names on the left, the days along the bottom. A phone
 * gets a narrower box, drawn at about its own size, so that its text stays as large as the page's
 * small text instead of shrinking with a desktop's box to half of it.
 */
const DESKTOP_BOX = { WIDTH: 640, HEIGHT: 240, LEFT: 96 };
const PHONE_BOX = { WIDTH: 340, HEIGHT: 220, LEFT: 84 };
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 28;
const DAY_MS = 86_400_000;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** One line per account, in the order the accounts first appear. */
function seriesOf(snapshots: readonly LeagueSnapshot[]) {
  const byAccount = new Map<string, LeagueSnapshot[]>();
  for (const snapshot of snapshots) {
    byAccount.set(snapshot.puuid, [...(byAccount.get(snapshot.puuid) ?? []), snapshot]);
  }
  return [...byAccount.values()];
}

/**
 * The member's rank over the last days, from Guildhall's daily snapshots (Riot keeps none): a
 * line per League account, the queue chosen above it, and a table for screen readers.
 */
export function LeagueLpHistory({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const { queueName } = useLeagueLabels();
  const [queue, setQueue] = useState<RankedQueue>('RANKED_SOLO_5x5');
  const history = useMemberLeagueHistory(memberId, queue);

  return (
    <div className={styles.lpHistory}>
      <div className={styles.lpQueues} role="group" aria-label={t('league.lp_history.queue')}>
        {RANKED_QUEUES.map((choice) => (
          <button
            key={choice}
            type="button"
            className="button button-small"
            aria-pressed={queue === choice}
            onClick={() => setQueue(choice)}
          >
            {queueName(choice)}
          </button>
        ))}
      </div>
      {history.error && !history.data ? (
        <LeagueQueryError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <SkeletonGroup>
          <Skeleton height={DESKTOP_BOX.HEIGHT} />
        </SkeletonGroup>
      ) : history.data.snapshots.length === 0 ? (
        <p className={styles.notice}>{t('league.lp_history.empty')}</p>
      ) : (
        <LpChart snapshots={history.data.snapshots} queue={queue} />
      )}
    </div>
  );
}

function LpChart({
  snapshots,
  queue,
}: {
  snapshots: readonly LeagueSnapshot[];
  queue: RankedQueue;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const { rankName, queueName } = useLeagueLabels();
  const phone = useMediaQuery('(width <= 40rem)');
  const { WIDTH, HEIGHT, LEFT } = phone ? PHONE_BOX : DESKTOP_BOX;
  const series = seriesOf(snapshots);

  const values = snapshots.map((snapshot) => snapshot.value);
  const low = Math.floor(Math.min(...values) / LEAGUE_TIER_SPAN) * LEAGUE_TIER_SPAN;
  const high = Math.max(
    low + LEAGUE_TIER_SPAN,
    Math.ceil(Math.max(...values) / LEAGUE_TIER_SPAN) * LEAGUE_TIER_SPAN,
  );
  const firstDay = dayNumber(snapshots[0]?.day ?? '');
  const lastDay = dayNumber(snapshots.at(-1)?.day ?? '');
  const x = (day: string) =>
    lastDay === firstDay
      ? (LEFT + WIDTH - RIGHT) / 2
      : LEFT + ((dayNumber(day) - firstDay) / (lastDay - firstDay)) * (WIDTH - LEFT - RIGHT);
  const y = (value: number) => TOP + ((high - value) / (high - low)) * (HEIGHT - TOP - BOTTOM);

  const ticks = Array.from(
    { length: (high - low) / LEAGUE_TIER_SPAN + 1 },
    (_, index) => low + index * LEAGUE_TIER_SPAN,
  );
  // Below Master a line opens a tier; above, Master's League points.
  const tickLabel = (value: number) =>
    value <= APEX_RANK_VALUE
      ? rankName(LEAGUE_TIERS[value / LEAGUE_TIER_SPAN] ?? '', '')
      : t('league.ranks.points', { points: value - APEX_RANK_VALUE });
  const rankOf = (snapshot: LeagueSnapshot) =>
    `${rankName(snapshot.tier, snapshot.division)} ${t('league.ranks.points', { points: snapshot.leaguePoints })}`;
  const dayOf = (day: string) => formatCalendarDay(day, language) ?? day;

  return (
    <figure className={styles.lpFigure}>
      <svg
        className={styles.lpChart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        aria-hidden="true"
        focusable="false"
      >
        {ticks.map((value) => (
          <g key={value} className={styles.lpTick}>
            <line x1={LEFT} x2={WIDTH - RIGHT} y1={y(value)} y2={y(value)} />
            <text x={LEFT - 8} y={y(value)} textAnchor="end" dominantBaseline="middle">
              {tickLabel(value)}
            </text>
          </g>
        ))}
        <g className={styles.lpDays}>
          <text x={LEFT} y={HEIGHT - 6} textAnchor="start">
            {dayOf(snapshots[0]?.day ?? '')}
          </text>
          {lastDay !== firstDay && (
            <text x={WIDTH - RIGHT} y={HEIGHT - 6} textAnchor="end">
              {dayOf(snapshots.at(-1)?.day ?? '')}
            </text>
          )}
        </g>
        {series.map((line, index) => (
          <g key={line[0]?.puuid} className={styles.lpSeries} data-series={index % 3}>
            <polyline
              points={line.map((snapshot) => `${x(snapshot.day)},${y(snapshot.value)}`).join(' ')}
            />
            {line.map((snapshot) => (
              <circle key={snapshot.day} cx={x(snapshot.day)} cy={y(snapshot.value)} r={3} />
            ))}
          </g>
        ))}
      </svg>
      {series.length > 1 && (
        <ul className={styles.lpLegend}>
          {series.map((line, index) => (
            <li key={line[0]?.puuid} data-series={index % 3}>
              {line[0]?.riotId}
            </li>
          ))}
        </ul>
      )}
      {/* The chart's figures for screen readers. Hidden by a box around it: a table ignores the
          height and overflow of .visually-hidden, and its rows, however clipped, would still
          lengthen the page's scrolling by their full height. */}
      <div className="visually-hidden">
        <table>
          <caption>{t('league.lp_history.caption', { queue: queueName(queue) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('league.lp_history.day')}</th>
              <th scope="col">{t('league.lp_history.account')}</th>
              <th scope="col">{t('league.lp_history.rank')}</th>
            </tr>
          </thead>
          <tbody>
            {snapshots.map((snapshot) => (
              <tr key={`${snapshot.day}-${snapshot.puuid}`}>
                <td>{dayOf(snapshot.day)}</td>
                <td>{snapshot.riotId}</td>
                <td>{rankOf(snapshot)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
