import type { Language } from '@guildhall/contract';

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day written the way the reader's language writes it (`1 sept. 2024`, `1 Sept 2024`). */
export function formatDate(iso: string, language: Language): string | null {
  const date = parsed(iso);
  return date && new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/** A month and a year (`septembre 2024`, `September 2024`). */
export function formatMonthYear(iso: string, language: Language): string | null {
  const date = parsed(iso);
  return date && new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(date);
}
