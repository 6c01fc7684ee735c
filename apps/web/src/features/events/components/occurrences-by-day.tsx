import type { EventOccurrence } from '@guildhall/contract';
import { useId } from 'react';
import { useLanguage } from '@/i18n/use-language';
import { formatDayHeading, readerDayKey } from '@/lib/events/event-time';
import styles from './events.module.css';
import { OccurrenceSummary } from './occurrence-summary';

interface OccurrencesByDayProps {
  occurrences: EventOccurrence[];
  /** The days' headings: 2 on the page, 3 under a week's title. */
  headingLevel?: 2 | 3;
}

/** The occurrences by the reader's calendar day, each day under its heading, soonest first. */
export function OccurrencesByDay({ occurrences, headingLevel = 2 }: OccurrencesByDayProps) {
  const days = new Map<string, EventOccurrence[]>();
  for (const occurrence of occurrences) {
    const key = readerDayKey(occurrence.starts_at);
    days.set(key, [...(days.get(key) ?? []), occurrence]);
  }
  return (
    <div className={styles.days}>
      {[...days.entries()].map(([key, list]) => (
        <Day key={key} occurrences={list} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

function Day({ occurrences, headingLevel }: Required<OccurrencesByDayProps>) {
  const { language } = useLanguage();
  const headingId = useId();
  const first = occurrences[0];
  if (!first) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.day} aria-labelledby={headingId}>
      <Heading id={headingId} className={styles.dayHeading}>
        {formatDayHeading(first.starts_at, language)}
      </Heading>
      <ul className={styles.occurrences}>
        {occurrences.map((occurrence) => (
          <OccurrenceSummary key={occurrence._id} occurrence={occurrence} />
        ))}
      </ul>
    </section>
  );
}
