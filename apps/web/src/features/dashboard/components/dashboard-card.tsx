import { type ReactNode, useId } from 'react';
import styles from './dashboard.module.css';

interface DashboardCardProps {
  title: string;
  /** Drawn before the title, such as the member's avatar. */
  leading?: ReactNode;
  /** Drawn under the title, such as the member's role. */
  subtitle?: ReactNode;
  /** Where it goes when the dashboard is a single column (phones): lower comes first. */
  order: number;
  children: ReactNode;
}

/** One card of the dashboard: a region named by its heading. */
export function DashboardCard({ title, leading, subtitle, order, children }: DashboardCardProps) {
  const headingId = useId();
  return (
    <section className={`card ${styles.card}`} style={{ order }} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        {leading}
        <div className={styles.cardHeading}>
          <h2 id={headingId} className={styles.cardTitle}>
            {title}
          </h2>
          {subtitle}
        </div>
      </div>
      {children}
    </section>
  );
}
