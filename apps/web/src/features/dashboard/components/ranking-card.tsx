import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPageSettled, whenPageSettled } from '@/lib/when-page-settled';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-card';

/** What the specification shows for now (section 9): no ranking is computed yet. */
const RANKING = { season: 2025, points: 0, version: '0.15' } as const;

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

export function RankingCard() {
  const { t } = useTranslation();
  const pageSettled = usePageSettled();
  return (
    <DashboardCard title={t('dashboard.ranking.title')} order={2}>
      <div className={styles.ranking}>
        <div className={styles.chart}>
          <Suspense fallback={null}>
            {/* No points yet: the ring stays empty. */}
            {pageSettled && <RankingDoughnut share={0} />}
          </Suspense>
        </div>
        <div className={styles.rankingFacts}>
          <p className={styles.points}>
            {t('dashboard.ranking.points', { points: RANKING.points })}
          </p>
          <p className={styles.season}>
            {t('dashboard.ranking.season', { season: RANKING.season })}
          </p>
          <p className={`muted ${styles.version}`}>
            {t('dashboard.ranking.version', { version: RANKING.version })}
          </p>
        </div>
      </div>
    </DashboardCard>
  );
}
