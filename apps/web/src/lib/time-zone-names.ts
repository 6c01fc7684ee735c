import { dateTimeFormat } from '@/lib/intl-formats';

/** The first part of IANA names: the continent or ocean a zone lies in. */
export const TIME_ZONE_AREAS = [
  'Africa',
  'America',
  'Antarctica',
  'Arctic',
  'Asia',
  'Atlantic',
  'Australia',
  'Europe',
  'Indian',
  'Pacific',
] as const;
export type TimeZoneArea = (typeof TIME_ZONE_AREAS)[number];

const isArea = (part: string): part is TimeZoneArea =>
  (TIME_ZONE_AREAS as readonly string[]).includes(part);

/** A zone as a list offers it: its label, and what a search compares with. */
export interface TimeZoneChoice {
  zone: string;
  label: string;
  search: string;
}

/** Lowercase and without accents: "Sao Paulo" finds "São Paulo", "zurich" finds "Zürich". */
export const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * A zone as people read it, from its IANA name alone: the city, then where it is, the area in
 * the reader's language (`Tell City (Amérique, Indiana)`, `Isle of Man (Europe)`). Naming
 * each zone's hour and offset takes a formatter per zone, a few milliseconds each on a phone,
 * over 400 zones; `timeZoneNow` tells them for the chosen one only.
 */
export function timeZoneChoice(
  zone: string,
  areaName: (area: TimeZoneArea) => string,
): TimeZoneChoice {
  const [area = '', ...rest] = zone.split('/');
  const city = rest.at(-1);
  if (!city) return { zone, label: zone, search: searchable(zone) };
  const where = [isArea(area) ? areaName(area) : area, ...rest.slice(0, -1)]
    .map((part) => part.replaceAll('_', ' '))
    .join(', ');
  const label = `${city.replaceAll('_', ' ')} (${where})`;
  return { zone, label, search: searchable(`${label} ${zone} ${zone.replaceAll('_', ' ')}`) };
}

/** Whether a choice holds every word of a search. */
export function matchesSearch(choice: TimeZoneChoice, query: string): boolean {
  return searchable(query)
    .split(/\s+/)
    .every((word) => choice.search.includes(word));
}

/**
 * The zone's hour and its offset today, as Intl writes them in the reader's language
 * (`heure d’Europe centrale`, `UTC+01:00`); undefined for a zone this browser does not know.
 */
export function timeZoneNow(
  zone: string,
  language: string,
  now = new Date(),
): { name: string; offset: string } | undefined {
  const part = (timeZoneName: 'longGeneric' | 'longOffset') => {
    try {
      return dateTimeFormat(language, { timeZone: zone, timeZoneName })
        .formatToParts(now)
        .find((each) => each.type === 'timeZoneName')?.value;
    } catch {
      return undefined;
    }
  };
  const name = part('longGeneric');
  const offset = part('longOffset');
  return name && offset ? { name, offset } : undefined;
}
