import type { PointsSummary } from '@guildhall/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingMessage } from '@/components/ui/status-message';
import { hasPageSettled, whenPageSettled } from '@/lib/when-page-settled';
import { usePointsSummary } from '../api/get-points-summary';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-card';
import { MilestoneIcon } from '@/components/points/milestone-icon';

/** The version line the specification puts under the ranking (section 9). */
const VERSION = '0.15';

// chart.js is the heaviest thing on the dashboard: it comes in its own chunk, and on a first load
// only once the page has settled (as the toasts and the web font do), so that neither its download
// nor its run on a phone's CPU delays the dashboard's largest paint. The ring is decorative and
// its box keeps its size while empty.
const RankingDoughnut = lazy(async () => ({
  default: (await import('./ranking-doughnut')).RankingDoughnut,
}));

/** False until the page that opened the app has settled; true at once on later navigations. */
function usePageSettled(): boolean {
  const [settled, setSettled] = useState(hasPageSettled);
  useEffect(() => {
    if (settled) return;
    let mounted = true;
    whenPageSettled(() => {
      if (mounted) setSettled(true);
    });
    return () => {
      mounted = false;
    };
  }, [settled]);
  return settled;
}

/**
 * How far the member is from its last milestone to the next (0 to 1): the ring's share. Full when
 * every milestone is reached, empty without milestones.
 */
export function progressToNext(summary: PointsSummary): number {
  const from = summary.reached?.threshold ?? 0;
  if (!summary.next) return summary.reached ? 1 : 0;
  return Math.min(Math.max((summary.points - from) / (summary.next.threshold - from), 0), 1);
}

/**
 * The season's ranking (decision 038): the member's points, its place among the members, and the
 * milestones reached and next; the ring fills toward the next milestone.
 */
export function RankingCard() {
  const { t } = useTranslation();
  const pageSettled = usePageSettled();
  const { data: summary, isError } = usePointsSummary();
  return (
    <DashboardCard title={t('dashboard.ranking.title')} order={2}>
      {isError ? (
        <p className={styles.placeholder}>{t('dashboard.ranking.load_error')}</p>
      ) : !summary ? (
        <LoadingMessage />
      ) : (
        <div className={styles.ranking}>
          <div className={styles.chart}>
            <Suspense fallback={null}>
              {pageSettled && <RankingDoughnut share={progressToNext(summary)} />}
            </Suspense>
          </div>
          <div className={styles.rankingFacts}>
            <p className={styles.points}>
              {t('dashboard.ranking.points', { count: summary.points })}
            </p>
            <p className={styles.season}>
              {summary.season ? summary.season.name : t('dashboard.ranking.no_season')}
            </p>
            {summary.place !== null && summary.ranked > 0 && (
              <p className={styles.season}>
                {t('dashboard.ranking.place', { place: summary.place, ranked: summary.ranked })}
              </p>
            )}
            <TeamPlaces summary={summary} />
            <Milestones summary={summary} />
            <p className={`muted ${styles.version}`}>
              {t('dashboard.ranking.version', { version: VERSION })}
            </p>
          </div>
        </div>
      )}
      <Link to="/leaderboard" className={styles.seeAll}>
        {t('dashboard.ranking.see_all')}
      </Link>
    </DashboardCard>
  );
}

/** The place in each of the member's teams where it has points, each opening that team's ranking. */
function TeamPlaces({ summary }: { summary: PointsSummary }) {
  const { t } = useTranslation();
  const placed = summary.teams.filter((team) => team.place !== null);
  if (!summary.season || placed.length === 0) return null;
  return (
    <ul className={styles.teamPlaces}>
      {placed.map((team) => (
        <li key={team._id}>
          <Link to={`/leaderboard?team=${team._id}`}>
            {t('dashboard.ranking.team_place', {
              count: team.place ?? 0,
              ordinal: true,
              ranked: team.ranked,
              team: team.name,
            })}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function Milestones({ summary }: { summary: PointsSummary }) {
  const { t } = useTranslation();
  if (!summary.season || (!summary.reached && !summary.next)) return null;
  return (
    <>
      {summary.reached && (
        <p className={styles.milestone}>
          <MilestoneIcon icon={summary.reached.icon} colour={summary.reached.colour} size={18} />
          {t('dashboard.ranking.reached', { name: summary.reached.name })}
        </p>
      )}
      <p className={`muted ${styles.version}`}>
        {summary.next
          ? t('dashboard.ranking.next', {
              name: summary.next.name,
              count: summary.next.threshold - summary.points,
            })
          : t('dashboard.ranking.all_reached')}
      </p>
    </>
  );
}
