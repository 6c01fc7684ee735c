import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './dashboard.module.css';
import { DashboardCard } from './dashboard-card';

/** What the specification shows for now (section 9): no ranking is computed yet. */
const RANKING = { season: 2025, points: 0, version: '0.15' } as const;

// chart.js is the heaviest thing on the dashboard: it comes in its own chunk, once the rest shows.
const RankingDoughnut = lazy(async () => ({
  default: (await import('./ranking-doughnut')).RankingDoughnut,
}));

export function RankingCard() {
  const { t } = useTranslation();
  return (
    <DashboardCard title={t('dashboard.ranking.title')} order={2}>
      <div className={styles.ranking}>
        <div className={styles.chart}>
          <Suspense fallback={null}>
            {/* No points yet: the ring stays empty. */}
            <RankingDoughnut share={0} />
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
