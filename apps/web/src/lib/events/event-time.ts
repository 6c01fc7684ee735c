/*
 * Events' times (decision 037). Lists and pages show every time in the reader's own time zone,
 * through Intl; the form reads and writes `datetime-local` values in the event's time zone (the
 * organisation's by default), which may not be the browser's.
 */

import { dateTimeFormat } from '@/lib/intl-formats';

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallClockFormat = (timeZone: string): Intl.DateTimeFormat =>
  dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** What a clock in `timeZone` shows at the instant `time` (milliseconds). */
export function wallClockAt(time: number, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(time)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far `timeZone`'s clocks are ahead of UTC at the instant `time`, in milliseconds. */
function offsetAt(time: number, timeZone: string): number {
  const clock = wallClockAt(time, timeZone);
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return asUtc - Math.floor(time / 1000) * 1000;
}

/**
 * The instant at which a clock in `timeZone` shows the given wall-clock time. A time skipped in
 * spring moves forward by the gap; a time seen twice in autumn takes the earlier instant, as the
 * server does with recurring events.
 */
export function instantOfWallClock(clock: WallClock, timeZone: string): number {
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  // The offsets a few hours either side: the earlier instant wins when both fit.
  const candidates = [offsetAt(asUtc - 12 * 3_600_000, timeZone), offsetAt(asUtc, timeZone)]
    .concat(offsetAt(asUtc + 12 * 3_600_000, timeZone))
    .map((offset) => asUtc - offset);
  const fitting = candidates
    .filter((time) => offsetAt(time, timeZone) === asUtc - time)
    .sort((a, b) => a - b);
  if (fitting[0] !== undefined) return fitting[0];
  // In a spring gap: the time as if the clocks had not moved yet, which lands after the gap.
  return asUtc - offsetAt(asUtc - 12 * 3_600_000, timeZone);
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * The instant a `datetime-local` value names in `timeZone`, as ISO 8601; null when empty, the
 * text itself when it is no date (the contract then refuses it).
 */
export function zonedInputToInstant(value: string, timeZone: string): string | null {
  if (value.trim() === '') return null;
  const match = LOCAL_INPUT.exec(value);
  if (!match) return value;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const time = instantOfWallClock({ year, month, day, hour, minute, second: 0 }, timeZone);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/** The `datetime-local` value of an instant in `timeZone`; '' for none. */
export function instantToZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const clock = wallClockAt(time, timeZone);
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** The browser's own time zone. */
export const readerTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Whether two zones show the same time at `iso` (Paris and Brussels do, whatever their names). */
export function sameOffsetAt(iso: string, zoneA: string, zoneB: string): boolean {
  const time = Date.parse(iso);
  return offsetAt(time, zoneA) === offsetAt(time, zoneB);
}

/** The reader's calendar day of an instant, `YYYY-MM-DD`, for grouping a list by day. */
export function readerDayKey(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The reader's local midnight of a `YYYY-MM-DD` day key; null when the text is no such day. */
export function dayOfKey(key: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/**
 * The reader's local midnight of the Monday of the week holding `date`, `weeks` weeks later.
 * Calendar days, not 24-hour steps, so that a week across a daylight saving change keeps its days.
 */
export function weekStart(date: Date, weeks = 0): Date {
  return new Date(
    date.getFullYear(),
    date.getMonth(),
    date.getDate() - ((date.getDay() + 6) % 7) + weeks * 7,
  );
}

/** The seven days (local midnights) from `start` on. */
export function daysFrom(start: Date, count = 7): Date[] {
  return Array.from(
    { length: count },
    (_, day) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + day),
  );
}

/** A day heading, in the reader's language: `mardi 1 décembre`, with the year when not this one. */
export function formatDayHeading(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  return dateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() !== now.getFullYear() && { year: 'numeric' }),
  }).format(date);
}

/** A time range in the reader's zone and language: `19:00–21:00`, `7:00 – 9:00 PM`. */
export function formatTimeRange(startIso: string, endIso: string, language: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const sameDay = readerDayKey(startIso) === readerDayKey(endIso);
  const format = dateTimeFormat(
    language,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  );
  return format.formatRange(start, end);
}

/** A date and time range in the reader's zone: `mar. 1 déc. 2026, 19:00–21:00`. */
export function formatDateTimeRange(
  startIso: string,
  endIso: string,
  language: string,
  timeZone?: string,
): string {
  return dateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone && { timeZone, timeZoneName: 'short' }),
  }).formatRange(new Date(startIso), new Date(endIso));
}

/** The weekdays of RFC 5545, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A weekday's name in the reader's language (`mardi`, `Tuesday`). */
export function weekdayName(day: Weekday, language: string): string {
  // 2024-01-01 was a Monday.
  const date = new Date(Date.UTC(2024, 0, 1 + WEEKDAYS.indexOf(day), 12));
  return dateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(date);
}

export type RecurrenceFrequency = 'none' | 'daily' | 'weekly';

/** The recurrence controls of the event form. */
export interface RecurrenceChoice {
  frequency: RecurrenceFrequency;
  /** Every `interval` days or weeks. */
  interval: number;
  /** Weekly: the days; none: the start's. */
  weekdays: Weekday[];
  end: 'until' | 'count';
  /** `YYYY-MM-DD`: the last day, in the event's time zone. */
  until: string;
  count: number;
}

/**
 * The RFC 5545 rule the controls make (`FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;UNTIL=20270630T215959Z`),
 * the last day ending at 23:59:59 in the event's time zone; null for a one-off event. A missing
 * end leaves the rule unbounded, which the server refuses with its own reason.
 */
export function recurrenceRule(choice: RecurrenceChoice, timeZone: string): string | null {
  if (choice.frequency === 'none') return null;
  const parts = [
    `FREQ=${choice.frequency === 'daily' ? 'DAILY' : 'WEEKLY'}`,
    `INTERVAL=${Number.isInteger(choice.interval) && choice.interval > 0 ? choice.interval : 1}`,
  ];
  if (choice.frequency === 'weekly' && choice.weekdays.length > 0) {
    const days = WEEKDAYS.filter((day) => choice.weekdays.includes(day));
    parts.push(`BYDAY=${days.join(',')}`);
  }
  const until = /^(\d{4})-(\d{2})-(\d{2})$/.exec(choice.until);
  if (choice.end === 'until' && until) {
    const [year, month, day] = until.slice(1).map(Number) as [number, number, number];
    const last = instantOfWallClock(
      { year, month, day, hour: 23, minute: 59, second: 59 },
      timeZone,
    );
    const utc = new Date(last);
    parts.push(
      `UNTIL=${pad(utc.getUTCFullYear(), 4)}${pad(utc.getUTCMonth() + 1)}${pad(utc.getUTCDate())}` +
        `T${pad(utc.getUTCHours())}${pad(utc.getUTCMinutes())}${pad(utc.getUTCSeconds())}Z`,
    );
  } else if (choice.end === 'count' && Number.isInteger(choice.count) && choice.count > 0) {
    parts.push(`COUNT=${choice.count}`);
  }
  return parts.join(';');
}

/**
 * The controls for a rule the form wrote, or null for one they cannot show (made by another
 * client): the form then keeps it as it is.
 */
export function recurrenceChoiceOf(rule: string, timeZone: string): RecurrenceChoice | null {
  const fields = new Map(
    rule.split(';').map((part) => {
      const [key = '', value = ''] = part.split('=');
      return [key.toUpperCase(), value.toUpperCase()];
    }),
  );
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'UNTIL', 'COUNT']);
  if ([...fields.keys()].some((key) => !known.has(key))) return null;
  const frequency = fields.get('FREQ');
  if (frequency !== 'DAILY' && frequency !== 'WEEKLY') return null;
  const weekdays = (fields.get('BYDAY') ?? '').split(',').filter(Boolean);
  if (weekdays.some((day) => !(WEEKDAYS as readonly string[]).includes(day))) return null;
  if (frequency === 'DAILY' && weekdays.length > 0) return null;
  const interval = Number(fields.get('INTERVAL') ?? '1');
  const count = Number(fields.get('COUNT') ?? '0');
  const untilMatch = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(
    fields.get('UNTIL') ?? '',
  );
  let until = '';
  if (untilMatch) {
    const [year, month, day, hour = 0, minute = 0, second = 0] = untilMatch
      .slice(1)
      .map((value) => Number(value ?? 0)) as number[];
    const clock = wallClockAt(
      Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour, minute, second),
      timeZone,
    );
    until = `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
  }
  return {
    frequency: frequency === 'DAILY' ? 'daily' : 'weekly',
    interval: Number.isInteger(interval) && interval > 0 ? interval : 1,
    weekdays: weekdays as Weekday[],
    end: count > 0 ? 'count' : 'until',
    until,
    count: count > 0 ? count : 10,
  };
}
