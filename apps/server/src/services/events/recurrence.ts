/**
 * Recurring events: an RFC 5545 RRULE expanded into the concrete starts of a series, in the
 * event's time zone. Pure: no I/O, no clock.
 *
 * A series keeps its local wall-clock time across daylight saving changes (a Tuesday 19:00
 * training in Europe/Paris is at 19:00 Paris time in winter and in summer). rrule's own TZID
 * support is not used: it shifts by the offset of the machine it runs on. Instead the rule runs
 * in "floating" time, each local wall time written as if it were UTC, and every occurrence is
 * then turned into an instant of the zone with zonedToInstant.
 *
 * The rule is parsed here, strictly, rather than by rrule's parser, which accepts unknown days,
 * non-numeric counts and impossible dates without complaint, and reads DTSTART and TZID out of
 * the rule: the start and the zone are given separately and must not be overridden by it.
 */

import { isTimeZone } from '@guildhall/contract';
import rrulePackage, { type Options, type Weekday as WeekdayType } from 'rrule';
import { DAY_MS, floatingMs, instantOfFloating, parseLocal, wallOf } from '../../lib/zoned-time.js';

// rrule 2.8.1 ships CommonJS without an ESM entry for Node: its named exports exist only on the
// default import.
const { RRule, Weekday } = rrulePackage;

/** The contract's check, also what the series' own checks use. */
export { isTimeZone };

/** The most starts one series may have, so that a rule cannot fill the events table. */
export const RECURRENCE_MAX_OCCURRENCES = 500;

/**
 * How far after its start a series may go. It bounds rrule's work too: a rule whose days never
 * come (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=5) would otherwise be searched to year 9999.
 */
export const RECURRENCE_HORIZON_YEARS = 100;

/** The longest rule accepted; real rules are a few dozen characters. */
export const RECURRENCE_RULE_MAX_LENGTH = 500;

export type RecurrenceProblem =
  | 'invalid_rule'
  | 'unbounded'
  | 'too_many'
  | 'invalid_time_zone'
  | 'invalid_start'
  | 'invalid_exception';

export type RecurrenceResult =
  { ok: true; starts: Date[] } | { ok: false; problem: RecurrenceProblem };

export interface RecurrenceInput {
  /** The RRULE value without 'RRULE:', e.g. 'FREQ=WEEKLY;BYDAY=TU;COUNT=20'. */
  rule: string;
  /** The anchor of the series, local 'YYYY-MM-DDTHH:mm'; its time of day is every start's. */
  start: string;
  /** IANA time zone, e.g. 'Europe/Paris'. */
  timeZone: string;
  /** Local starts ('YYYY-MM-DDTHH:mm') removed from the series, as EXDATE does. */
  exceptions?: readonly string[];
  /** Most starts accepted; RECURRENCE_MAX_OCCURRENCES unless given. */
  max?: number;
}

/** 400 Gregorian years, after which dates and weekdays repeat. */
const GREGORIAN_CYCLE_MS = 146_097 * DAY_MS;
/** rrule stops every series at the end of this year. */
const RRULE_LAST_YEAR = 9999;

type Until = { kind: 'instant'; ms: number } | { kind: 'floating'; ms: number };

interface ParsedRule {
  options: Partial<Options>;
  count: number | null;
  until: Until | null;
}

const FREQUENCIES: Readonly<Record<string, number>> = {
  YEARLY: RRule.YEARLY,
  MONTHLY: RRule.MONTHLY,
  WEEKLY: RRule.WEEKLY,
  DAILY: RRule.DAILY,
};
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** A comma-separated list of integers, each nonzero (unless allowed) and within ±limit. */
function integers(value: string, min: number, limit: number): number[] | null {
  const numbers: number[] = [];
  for (const item of value.split(',')) {
    if (!/^[+-]?\d{1,3}$/.test(item)) return null;
    const number = Number(item);
    if (number === 0 || number < min || Math.abs(number) > limit) return null;
    numbers.push(number);
  }
  return numbers;
}

function weekdays(value: string): WeekdayType[] | null {
  const days: WeekdayType[] = [];
  for (const item of value.split(',')) {
    const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item);
    const index = match?.[2] === undefined ? -1 : DAYS.indexOf(match[2]);
    if (!match || index < 0) return null;
    const nth = match[1] === undefined ? undefined : Number(match[1]);
    if (nth !== undefined && (nth === 0 || Math.abs(nth) > 53)) return null;
    days.push(new Weekday(index, nth));
  }
  return days;
}

/** UNTIL as a UTC instant (…Z), a floating local time, or a date (its whole day included). */
function parseUntil(value: string): Until | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, utc] = match;
  const dateOnly = hour === undefined;
  const ms = floatingMs({
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: dateOnly ? 23 : Number(hour),
    minute: dateOnly ? 59 : Number(minute),
    second: dateOnly ? 59 : Number(second),
  });
  if (Number.isNaN(ms)) return null;
  return { kind: utc ? 'instant' : 'floating', ms };
}

/** The rule parsed strictly, with the combinations RFC 5545 forbids refused; null if invalid. */
function parseRule(rule: string): ParsedRule | null {
  if (rule.length === 0 || rule.length > RECURRENCE_RULE_MAX_LENGTH) return null;
  const parts = new Map<string, string>();
  for (const part of rule.toUpperCase().split(';')) {
    const match = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(part);
    if (!match?.[1] || !match[2] || parts.has(match[1])) return null;
    parts.set(match[1], match[2]);
  }
  const freq = FREQUENCIES[parts.get('FREQ') ?? ''];
  if (freq === undefined) return null;
  const options: Partial<Options> = { freq };
  let count: number | null = null;
  let until: Until | null = null;
  for (const [key, value] of parts) {
    switch (key) {
      case 'FREQ':
        break;
      case 'INTERVAL':
      case 'COUNT': {
        if (!/^\d{1,5}$/.test(value) || Number(value) < 1) return null;
        if (key === 'COUNT') count = Number(value);
        else options.interval = Number(value);
        break;
      }
      case 'UNTIL':
        until = parseUntil(value);
        if (!until) return null;
        break;
      case 'BYDAY': {
        const days = weekdays(value);
        if (!days) return null;
        const ordinal = days.some((day) => day.n !== undefined);
        const ordinalAllowed =
          freq === RRule.MONTHLY || (freq === RRule.YEARLY && !parts.has('BYWEEKNO'));
        if (ordinal && !ordinalAllowed) return null;
        options.byweekday = days;
        break;
      }
      case 'BYMONTH': {
        const months = integers(value, 1, 12);
        if (!months) return null;
        options.bymonth = months;
        break;
      }
      case 'BYMONTHDAY': {
        const days = integers(value, -31, 31);
        if (!days || freq === RRule.WEEKLY) return null;
        options.bymonthday = days;
        break;
      }
      case 'BYYEARDAY': {
        const days = integers(value, -366, 366);
        if (!days || freq !== RRule.YEARLY) return null;
        options.byyearday = days;
        break;
      }
      case 'BYWEEKNO': {
        const weeks = integers(value, -53, 53);
        if (!weeks || freq !== RRule.YEARLY) return null;
        options.byweekno = weeks;
        break;
      }
      case 'BYSETPOS': {
        const positions = integers(value, -366, 366);
        if (!positions) return null;
        options.bysetpos = positions;
        break;
      }
      case 'WKST': {
        const index = DAYS.indexOf(value);
        if (index < 0) return null;
        options.wkst = index;
        break;
      }
      // BYHOUR, BYMINUTE and BYSECOND would give starts at other times than the series' own,
      // DTSTART and TZID would override the start and zone given apart, and anything else is
      // not RFC 5545 (rrule's BYEASTER) or not a rule part at all.
      default:
        return null;
    }
  }
  // RFC 5545: BYSETPOS only with another BYxxx part; COUNT and UNTIL never together.
  const byParts = [...parts.keys()].filter((key) => key.startsWith('BY') && key !== 'BYSETPOS');
  if (parts.has('BYSETPOS') && byParts.length === 0) return null;
  if (count !== null && until !== null) return null;
  return { options, count, until };
}

/**
 * The starts of a series, as instants, in order. Problems, in the order they are checked:
 * 'invalid_time_zone', 'invalid_start', 'invalid_exception', 'invalid_rule' (unparsable, finer
 * than DAILY, DTSTART or TZID inside, or leaving no start at all), 'unbounded' (neither COUNT
 * nor UNTIL, or a series going on past RECURRENCE_HORIZON_YEARS), 'too_many' (more than max
 * starts once the exceptions are removed).
 *
 * The start anchors the series: the first start is the first time at or after it that the rule
 * gives, which is the start itself when the two agree. COUNT counts before the exceptions are
 * removed, as with EXDATE. An UNTIL in UTC (…Z) is compared with the instants; one without Z is
 * read as the zone's local time, and a date alone includes its whole day.
 */
export function expandRecurrence(input: RecurrenceInput): RecurrenceResult {
  const { rule, start, timeZone, exceptions = [], max = RECURRENCE_MAX_OCCURRENCES } = input;
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`Not a maximum: ${max}`);
  if (!isTimeZone(timeZone)) return { ok: false, problem: 'invalid_time_zone' };
  const startFloating = parseLocal(start);
  if (Number.isNaN(startFloating)) return { ok: false, problem: 'invalid_start' };

  const excluded = new Set<number>();
  for (const exception of exceptions) {
    const floating = parseLocal(exception);
    if (Number.isNaN(floating)) return { ok: false, problem: 'invalid_exception' };
    excluded.add(instantOfFloating(floating, timeZone));
  }

  const parsed = parseRule(rule);
  if (!parsed) return { ok: false, problem: 'invalid_rule' };
  const { options, count, until } = parsed;
  if (count === null && until === null) return { ok: false, problem: 'unbounded' };

  const horizon = new Date(startFloating);
  horizon.setUTCFullYear(horizon.getUTCFullYear() + RECURRENCE_HORIZON_YEARS);
  // rrule compares UNTIL with floating times, so a UTC UNTIL becomes the zone's wall time, a
  // day later for safety; the exact comparison is made on the instants below.
  const untilFloating =
    until?.kind === 'instant'
      ? floatingMs(wallOf(until.ms, timeZone)) + DAY_MS
      : (until?.ms ?? horizon.getTime());
  if (untilFloating > horizon.getTime() + DAY_MS) return { ok: false, problem: 'unbounded' };

  // rrule checks UNTIL only against the dates it finds, so a rule that finds none (BYMONTH=2;
  // BYMONTHDAY=30, or a BYSETPOS past every set) runs on to year 9999: seconds for a DAILY
  // rule. The Gregorian calendar repeats every 400 years, weekdays included, so the series is
  // computed that many years later, where year 9999 comes soon after its horizon, and moved back.
  const cycles = Math.floor((RRULE_LAST_YEAR - 1 - horizon.getUTCFullYear()) / 400);
  if (cycles < 0) return { ok: false, problem: 'invalid_start' };
  const shift = cycles * GREGORIAN_CYCLE_MS;
  const recurrence = new RRule({
    ...options,
    dtstart: new Date(startFloating + shift),
    count,
    until: new Date(untilFloating + shift),
    tzid: null,
  });

  const starts: Date[] = [];
  let generated = 0;
  let stopped = false;
  recurrence.all((date) => {
    // rrule keeps the seconds and milliseconds of dtstart, which are zero.
    const instant = instantOfFloating(date.getTime() - shift, timeZone);
    if (until?.kind === 'instant' && instant > until.ms) {
      stopped = true;
      return false;
    }
    generated += 1;
    if (!excluded.has(instant)) starts.push(new Date(instant));
    if (starts.length > max) {
      stopped = true;
      return false;
    }
    return true;
  });

  if (starts.length > max) return { ok: false, problem: 'too_many' };
  if (generated === 0 || starts.length === 0) return { ok: false, problem: 'invalid_rule' };
  // A COUNT not reached by the horizon: the series would go on past it.
  if (count !== null && generated < count && !stopped) return { ok: false, problem: 'unbounded' };
  return { ok: true, starts };
}
