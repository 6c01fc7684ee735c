import { type ReactNode, useId } from 'react';
import styles from './admin-tab.module.css';

interface AdminTableProps {
  /** Read by screen readers only; it also names the scrolling region. */
  caption: string;
  /** The header row's cells. */
  columns: ReactNode;
  /** The body's rows. */
  children: ReactNode;
  /** Keeps each cell on one line, save those with the shared `wrap` class. */
  noWrap?: boolean;
}

/** The table of an admin settings tab, in the frame the alerts, teams and passwords tabs share. */
export function AdminTable({ caption, columns, children, noWrap }: AdminTableProps) {
  const captionId = useId();
  const tableClass = noWrap ? `${styles.table} ${styles.noWrap}` : styles.table;

  return (
    // Scrolls sideways on narrow screens; focusable so that keyboard users can scroll it too.
    <div className={styles.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={tableClass}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>{columns}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
