import type { Language } from '@guildhall/contract';

/** A moment as the reader's language writes it (`1 sept. 2024, 14:05`), or null if invalid. */
export function formatDateTime(iso: string, language: Language): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  );
}
