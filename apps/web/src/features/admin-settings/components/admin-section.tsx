import { type ReactNode, useId, useState } from 'react';
import { DisclosureButton } from '@/components/ui/disclosure-button';
import { useMediaQuery } from '@/lib/use-media-query';
import shared from './admin-tab.module.css';

/** Where a long tab's sections start folded: a phone's first screen shows the whole outline. */
export const FOLDED_SECTIONS_MEDIA_QUERY = '(width <= 40rem)';

interface AdminSectionProps {
  title: string;
  /** What the section is for. */
  description?: string;
  /**
   * Its state in one line ("Saison en cours : Hiver, jusqu'au 28 février"), read beside the title
   * when the section is folded. Without it, the description stands in.
   */
  summary?: string;
  /** Extra class of the card (a section's own spacing). */
  className?: string;
  children: ReactNode;
}

/**
 * A card of an admin tab, named by its title, that folds (decision 057): its title is a button
 * (the WAI-ARIA disclosure), under it the one line of its state, then its content. It starts
 * folded on a phone and open on a larger screen; folding keeps what was typed in it.
 */
export function AdminSection({
  title,
  description,
  summary,
  className,
  children,
}: AdminSectionProps) {
  const headingId = useId();
  const contentId = useId();
  const phone = useMediaQuery(FOLDED_SECTIONS_MEDIA_QUERY);
  // Until the admin chooses, the screen decides; then the admin's choice holds.
  const [chosen, setChosen] = useState<boolean>();
  const open = chosen ?? !phone;
  const line = summary ?? description;

  return (
    <section
      className={`card ${shared.section} ${className ?? ''}`}
      aria-labelledby={headingId}
      data-open={open}
    >
      <div className={shared.sectionHeader}>
        <h3 id={headingId} className={shared.sectionTitle}>
          <DisclosureButton
            className={shared.fold}
            expanded={open}
            onExpandedChange={setChosen}
            controls={contentId}
            chevron={20}
          >
            {title}
          </DisclosureButton>
        </h3>
        {line && <p className={shared.note}>{line}</p>}
      </div>
      <div id={contentId} className={shared.sectionContent} hidden={!open}>
        {summary && description && <p className={shared.note}>{description}</p>}
        {children}
      </div>
    </section>
  );
}
