import { type ReactNode, useId } from 'react';
import shared from './admin-tab.module.css';

interface AdminSectionProps {
  title: string;
  /** What the section is for, under its title. */
  description?: string;
  children: ReactNode;
}

/** A card of an admin tab, named by its title: the title, what it is for, then its content. */
export function AdminSection({ title, description, children }: AdminSectionProps) {
  const headingId = useId();
  return (
    <section className={`card ${shared.section}`} aria-labelledby={headingId}>
      <div>
        <h3 id={headingId} className={shared.sectionTitle}>
          {title}
        </h3>
        {description && <p className={shared.note}>{description}</p>}
      </div>
      {children}
    </section>
  );
}
