import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import styles from './breadcrumb.module.css';

interface BreadcrumbProps {
  /** What the trail is, for screen readers ("Fil d'Ariane"). */
  label: string;
  /** From the top down; each but the last links to its page. The last is the current page. */
  trail: readonly [...{ label: string; to: string }[], { label: string }];
}

/** Where the page stands, with a way back up: a list of links, the current page last. */
export function Breadcrumb({ label, trail }: BreadcrumbProps) {
  const current = trail.at(-1);
  const parents = trail.slice(0, -1) as { label: string; to: string }[];
  return (
    <nav aria-label={label} className={styles.breadcrumb}>
      <ol className={styles.list}>
        {parents.map((step) => (
          <li key={step.to} className={styles.step}>
            <Link to={step.to}>{step.label}</Link>
            <ChevronRight size={16} aria-hidden="true" />
          </li>
        ))}
        {current && (
          <li className={styles.step} aria-current="page">
            {current.label}
          </li>
        )}
      </ol>
    </nav>
  );
}
