import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import styles from './league.module.css';

/** The rank cards while they load: one per Riot ID, at the size of a card with one queue. */
export function RanksSkeleton({ count }: { count: number }) {
  return (
    <SkeletonGroup>
      <div className={styles.rankCards}>
        {Array.from({ length: Math.max(1, count) }, (_, index) => (
          <div key={index} className={styles.rankCard}>
            <Skeleton width="55%" height="1.25rem" />
            <Skeleton width="40%" height="0.875rem" />
            <Skeleton width="65%" height="1.5rem" />
            <Skeleton width="85%" height="1rem" />
          </div>
        ))}
      </div>
    </SkeletonGroup>
  );
}

/** The four figures of the statistics and the line of most played champions. */
export function StatsSkeleton() {
  return (
    <SkeletonGroup>
      <div className={styles.stats}>
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index}>
            <Skeleton width="55%" height="0.875rem" />
            <Skeleton width="35%" height="1.75rem" />
          </div>
        ))}
      </div>
      <div className={`${styles.champions} ${styles.skeletonChampions}`}>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} width="9rem" height={40} />
        ))}
      </div>
    </SkeletonGroup>
  );
}

/** A page of games: the summary line, the items and both teams of each. */
export function HistorySkeleton({ count }: { count: number }) {
  return (
    <SkeletonGroup>
      <div className={styles.games}>
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className={styles.game}>
            <div className={styles.gameSummary}>
              <Skeleton width={56} height={56} />
              <Skeleton width="8rem" height="2.5rem" />
              <Skeleton width="5rem" height="1.5rem" radius="999px" />
              <Skeleton width="6rem" height="2.5rem" />
            </div>
            <Skeleton width="14rem" height={28} />
            <Skeleton height="6.5rem" />
          </div>
        ))}
      </div>
    </SkeletonGroup>
  );
}
