import type { Language } from '@guildhall/contract';
import { dateTimeFormat, numberFormat } from '@/lib/intl-formats';

/** A game's length as m:ss, or h:mm:ss past an hour (`27:05`). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** How long ago `timestamp` was, in the reader's language (`il y a 3 jours`, `3 days ago`). */
export function formatTimeAgo(timestamp: number, now: number, language: Language): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const elapsed = now - timestamp;
  for (const [unit, length] of UNITS) {
    if (Math.abs(elapsed) >= length) return format.format(-Math.floor(elapsed / length), unit);
  }
  return format.format(-Math.floor(elapsed / 1000), 'second');
}

/** A full date and time, for the tooltip of a relative one. */
export function formatDateTime(timestamp: number, language: Language): string {
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(timestamp);
}

/** A KDA ratio with two decimals (`3,50`, `3.50`). */
export function formatRatio(ratio: number, language: Language): string {
  return numberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ratio);
}

/** A share of 0 to 1 as a whole percentage (`56 %`, `56%`). */
export function formatPercent(share: number, language: Language): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** An average with one decimal (`7,2`, `7.2`). */
export function formatAverage(value: number, language: Language): string {
  return numberFormat(language, { maximumFractionDigits: 1 }).format(value);
}

/**
 * When to ask again, from a wait in seconds: `dans 30 secondes`, `in 5 minutes` (a wait of a
 * minute or more is counted in whole minutes, rounded up).
 */
export function formatRetryIn(seconds: number, language: Language): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  const wait = Math.max(1, Math.ceil(seconds));
  return wait < 60 ? format.format(wait, 'second') : format.format(Math.ceil(wait / 60), 'minute');
}
