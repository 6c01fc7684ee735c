/**
 * Wall-clock times of a time zone: the local 'YYYY-MM-DDTHH:mm' an instant shows there, and the
 * instant a local time stands for. Pure: no I/O, no clock. Events' series, seasons' days and the
 * daily points all read time this way (decision 053).
 */

import { isTimeZone } from '@guildhall/contract';

export const DAY_MS = 86_400_000;

export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** Milliseconds of a wall time read as if it were UTC ("floating" time); NaN if it is no date. */
export function floatingMs(wall: WallTime): number {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  const ms = date.getTime();
  const back = floatingWall(ms);
  const same =
    back.year === wall.year &&
    back.month === wall.month &&
    back.day === wall.day &&
    back.hour === wall.hour &&
    back.minute === wall.minute &&
    back.second === wall.second;
  return same ? ms : Number.NaN;
}

function floatingWall(ms: number): WallTime {
  const date = new Date(ms);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
  };
}

/** A local 'YYYY-MM-DDTHH:mm' as floating milliseconds, or NaN when it is not a real time. */
export function parseLocal(local: string): number {
  const match = LOCAL_PATTERN.exec(local);
  if (!match) return Number.NaN;
  const [, year, month, day, hour, minute] = match.map(Number);
  if (year === undefined || month === undefined || day === undefined) return Number.NaN;
  if (hour === undefined || minute === undefined || year < 1000) return Number.NaN;
  return floatingMs({ year, month, day, hour, minute, second: 0 });
}

function formatLocal(wall: WallTime): string {
  const two = (value: number) => String(value).padStart(2, '0');
  const date = `${String(wall.year).padStart(4, '0')}-${two(wall.month)}-${two(wall.day)}`;
  return `${date}T${two(wall.hour)}:${two(wall.minute)}`;
}

const FORMATTER_CACHE_SIZE = 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23, not hour12: false, which writes midnight as 24 on some ICU versions.
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    // Intl takes any letter case, so the names a client can send are many: the cache stays small.
    if (formatters.size < FORMATTER_CACHE_SIZE) formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall time an instant shows in a zone. */
export function wallOf(instantMs: number, timeZone: string): WallTime {
  const wall: WallTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of formatterOf(timeZone).formatToParts(instantMs)) {
    if (part.type in wall) wall[part.type as keyof WallTime] = Number(part.value);
  }
  return wall;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instantMs: number, timeZone: string): number {
  const whole = Math.floor(instantMs / 1000) * 1000;
  return floatingMs(wallOf(whole, timeZone)) - whole;
}

/** The instant of a floating wall time in a zone, by the rules of zonedToInstant. */
export function instantOfFloating(floating: number, timeZone: string): number {
  // A zone changes offset at most once in two days, so the offsets a day either side are the
  // only two candidates.
  const before = offsetAt(floating - DAY_MS, timeZone);
  const after = offsetAt(floating + DAY_MS, timeZone);
  const shows = (instant: number) => floatingMs(wallOf(instant, timeZone)) === floating;
  const candidates = [floating - before, floating - after].filter(shows);
  // Two candidates: the autumn overlap, where the earlier one is taken.
  if (candidates.length > 0) return Math.min(...candidates);
  // None: the spring gap. The offset in force before it carries the time forward by the gap.
  return floating - before;
}

/**
 * The instant a local 'YYYY-MM-DDTHH:mm' stands for in a zone. A time skipped by the spring
 * change (02:30 in Paris on the last Sunday of March) moves forward by the gap (to 03:30); a
 * time seen twice in the autumn takes the earlier instant. Throws a RangeError on a malformed
 * local time or an unknown zone.
 */
export function zonedToInstant(local: string, timeZone: string): Date {
  const floating = parseLocal(local);
  if (Number.isNaN(floating)) throw new RangeError(`Not a local time: ${local}`);
  if (!isTimeZone(timeZone)) throw new RangeError(`Not a time zone: ${timeZone}`);
  return new Date(instantOfFloating(floating, timeZone));
}

/** The local 'YYYY-MM-DDTHH:mm' an instant shows in a zone (seconds dropped). */
export function instantToZoned(instant: Date, timeZone: string): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Not an instant');
  if (!isTimeZone(timeZone)) throw new RangeError(`Not a time zone: ${timeZone}`);
  return formatLocal(wallOf(instant.getTime(), timeZone));
}
