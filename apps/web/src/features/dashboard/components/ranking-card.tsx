import type { PointsSummary } from '@guildhall/contract';
import { type CSSProperties, lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { hasPageSettled, whenPageSettled } from '@/lib/when-page-settled';
import { usePointsSummary } from '../api/get-points-summary';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-card';
import { MilestoneIcon } from '@/components/points/milestone-icon';

// chart.js is the heaviest thing on the dashboard: it comes in its own chunk, and on a first load
// only once the page has settled (as the toasts and the web font do), so that neither its download
// nor its run on a phone's CPU delays the dashboard's largest paint. Until it draws, a ring in
// CSS shows the same share in the same box, so the area is never blank and nothing moves.
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
 * milestones reached and next; the ring fills toward the next milestone. A member without a line
 * this season has no place, as on the leaderboard (decision 046).
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
        // The ring's and the facts' places, and what they wait for in words.
        <div className={styles.ranking} role="status" aria-busy="true">
          <Skeleton width="5.5rem" height="5.5rem" radius="50%" />
          <p className={`muted ${styles.note}`}>{t('dashboard.ranking.loading')}</p>
        </div>
      ) : (
        <div className={styles.ranking}>
          <RankingRing summary={summary} drawn={pageSettled} />
          <div className={styles.rankingFacts}>
            <p className={styles.points}>
              {t('dashboard.ranking.points', { count: summary.points })}
            </p>
            <p className={styles.season}>
              {summary.season ? summary.season.name : t('dashboard.ranking.no_season')}
            </p>
            <Place summary={summary} />
            <TeamPlaces summary={summary} />
            <Milestones summary={summary} />
          </div>
        </div>
      )}
      <Link to="/leaderboard" className={styles.seeAll}>
        {t('dashboard.ranking.see_all')}
      </Link>
    </DashboardCard>
  );
}

/**
 * The ring, named for screen readers by what it shows; its drawings are decorative. The CSS ring
 * stands in while chart.js waits for the page to settle and loads, and where a canvas cannot draw.
 */
function RankingRing({ summary, drawn }: { summary: PointsSummary; drawn: boolean }) {
  const { t } = useTranslation();
  const share = progressToNext(summary);
  const label = !summary.season
    ? t('dashboard.ranking.no_season')
    : summary.next
      ? t('dashboard.ranking.progress', {
          name: summary.next.name,
          percent: Math.round(share * 100),
        })
      : summary.reached
        ? t('dashboard.ranking.all_reached')
        : t('dashboard.ranking.no_milestone');
  const placeholder = (
    <span
      className={styles.ringPlaceholder}
      style={{ '--share': share } as CSSProperties}
      data-testid="ranking-ring-placeholder"
      aria-hidden="true"
    />
  );
  return (
    <div className={styles.chart} role="img" aria-label={label}>
      <Suspense fallback={placeholder}>
        {drawn ? <RankingDoughnut share={share} fallback={placeholder} /> : placeholder}
      </Suspense>
    </div>
  );
}

/**
 * The member's place among the season's members with a line (the leaderboard's `total`); none
 * yet without a line of its own.
 */
function Place({ summary }: { summary: PointsSummary }) {
  const { t } = useTranslation();
  if (!summary.season) return null;
  if (summary.place === null) {
    return (
      <>
        <p className={styles.season}>{t('dashboard.ranking.not_ranked')}</p>
        <p className={`muted ${styles.note}`}>{t('dashboard.ranking.not_ranked_hint')}</p>
      </>
    );
  }
  return (
    <p className={styles.season}>
      {t('dashboard.ranking.place', { place: summary.place, count: summary.ranked })}
    </p>
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
      <p className={`muted ${styles.note}`}>
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
