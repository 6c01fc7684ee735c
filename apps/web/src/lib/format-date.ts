import type { Language } from '@guildhall/contract';
import { useMemo } from 'react';
import { useLanguage } from '@/i18n/use-language';
import { dateTimeFormat } from '@/lib/intl-formats';

/*
 * Every date the app shows goes through here, written by Intl the way the reader's language
 * writes it. Components take the formatters of the current language from `useDateFormat`.
 */

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day written the way the reader's language writes it (`1 sept. 2024`, `Sep 1, 2024`). */
export function formatDate(iso: string, language: Language): string | null {
  const date = parsed(iso);
  return date && dateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}

/**
 * A calendar day without a time, `YYYY-MM-DD` (a birthday), as the reader's language writes it.
 * It is read and written in UTC so that no time zone moves it to the day before.
 */
export function formatCalendarDay(day: string, language: Language): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = parsed(`${day}T00:00:00Z`);
  return date && dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A moment as the reader's language writes it (`1 sept. 2024, 14:05`), or null if invalid. */
export function formatDateTime(iso: string, language: Language): string | null {
  const date = parsed(iso);
  return date && dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A month and a year (`septembre 2024`, `September 2024`). */
export function formatMonthYear(iso: string, language: Language): string | null {
  const date = parsed(iso);
  return date && dateTimeFormat(language, { month: 'long', year: 'numeric' }).format(date);
}

/**
 * Makes the formatters of the common dates ahead of need. The first one made in a language
 * loads that language's calendar data, tens of milliseconds on a phone: better spent while the
 * first screen waits for its code and data than in the middle of its render. Each is made in a
 * task of its own, so that the page can answer between them (together, they made one task of
 * 70 to 100 ms on a phone).
 */
export async function prepareDateFormats(language: Language): Promise<void> {
  formatDate(EPOCH, language);
  await new Promise((resolve) => setTimeout(resolve, 0));
  formatDateTime(EPOCH, language);
}

const EPOCH = new Date(0).toISOString();

/** The formatters above, in the current language. */
export function useDateFormat() {
  const { language } = useLanguage();
  return useMemo(
    () => ({
      date: (iso: string) => formatDate(iso, language),
      calendarDay: (day: string) => formatCalendarDay(day, language),
      dateTime: (iso: string) => formatDateTime(iso, language),
      monthYear: (iso: string) => formatMonthYear(iso, language),
    }),
    [language],
  );
}
