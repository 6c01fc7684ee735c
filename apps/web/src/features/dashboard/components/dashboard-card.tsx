import { type ReactNode, useId } from 'react';
import styles from './dashboard.module.css';

interface DashboardCardProps {
  title: string;
  /** Takes the width of two cards where there is room. */
  wide?: boolean;
  children: ReactNode;
}

/** One card of the dashboard: a region named by its heading. */
export function DashboardCard({ title, wide = false, children }: DashboardCardProps) {
  const headingId = useId();
  return (
    <section
      className={`card ${styles.card}`}
      data-wide={wide || undefined}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
