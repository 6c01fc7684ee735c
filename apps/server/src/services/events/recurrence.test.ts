import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RECURRENCE_MAX_OCCURRENCES,
  expandRecurrence,
  isTimeZone,
  type RecurrenceInput,
} from './recurrence.js';
import { instantToZoned, zonedToInstant } from '../../lib/zoned-time.js';

const PARIS = 'Europe/Paris';

const starts = (input: RecurrenceInput): string[] => {
  const result = expandRecurrence(input);
  if (!result.ok) throw new Error(`refused: ${result.problem}`);
  return result.starts.map((start) => start.toISOString());
};

const problem = (input: RecurrenceInput) => {
  const result = expandRecurrence(input);
  return result.ok ? `accepted ${result.starts.length}` : result.problem;
};

/** The local time an instant shows, read by Intl itself rather than by the module. */
const intlLocal = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

describe('a weekly training keeps its wall-clock time across daylight saving', () => {
  it('Tuesday 19:00 in Paris, across the last Sunday of March and of October 2027', () => {
    const series = starts({
      rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=34',
      start: '2027-03-16T19:00',
      timeZone: PARIS,
    });
    expect(series).toHaveLength(34);
    // Winter, before 28 March: UTC+1.
    expect(series.slice(0, 2)).toEqual(['2027-03-16T18:00:00.000Z', '2027-03-23T18:00:00.000Z']);
    // Summer: UTC+2.
    expect(series[2]).toBe('2027-03-30T17:00:00.000Z');
    expect(series.at(-2)).toBe('2027-10-26T17:00:00.000Z');
    // Winter again after 31 October.
    expect(series.at(-1)).toBe('2027-11-02T18:00:00.000Z');
    for (const start of series) expect(intlLocal(start, PARIS)).toMatch(/ 19:00$/);
  });

  it('America/New_York: Thursday 20:30 across its March and November changes', () => {
    const series = starts({
      rule: 'FREQ=WEEKLY;BYDAY=TH;UNTIL=20271120T000000Z',
      start: '2027-03-04T20:30',
      timeZone: 'America/New_York',
    });
    // EST (UTC-5) before 14 March, EDT (UTC-4) until 7 November, EST after.
    expect(series[0]).toBe('2027-03-05T01:30:00.000Z');
    expect(series[2]).toBe('2027-03-19T00:30:00.000Z');
    // 18 November 20:30 EST is 19 November 01:30Z, before the UNTIL.
    expect(series.at(-1)).toBe('2027-11-19T01:30:00.000Z');
    for (const start of series) {
      expect(intlLocal(start, 'America/New_York')).toMatch(/ 20:30$/);
    }
  });
});

describe('the end of a series', () => {
  it('COUNT gives that many starts, a week apart', () => {
    const series = starts({
      rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3',
      start: '2027-01-05T19:00',
      timeZone: PARIS,
    });
    expect(series).toEqual([
      '2027-01-05T18:00:00.000Z',
      '2027-01-12T18:00:00.000Z',
      '2027-01-19T18:00:00.000Z',
    ]);
  });

  it('an UNTIL in UTC is compared with the instants, inclusively', () => {
    const rule = (until: string) => ({
      rule: `FREQ=WEEKLY;BYDAY=TU;UNTIL=${until}`,
      start: '2027-06-01T19:00',
      timeZone: PARIS,
    });
    // 15 June 19:00 in Paris is 17:00Z.
    expect(starts(rule('20270615T170000Z')).at(-1)).toBe('2027-06-15T17:00:00.000Z');
    expect(starts(rule('20270615T165959Z')).at(-1)).toBe('2027-06-08T17:00:00.000Z');
    // Read as local time it would have been kept: 17:30Z is 19:30 in Paris.
    expect(starts(rule('20270615T173000Z'))).toHaveLength(3);
    expect(starts(rule('20270630T235959Z'))).toHaveLength(5);
  });

  it('an UNTIL without Z is the local time, and a date alone includes its day', () => {
    const until = (value: string) =>
      starts({ rule: `FREQ=DAILY;UNTIL=${value}`, start: '2027-06-01T19:00', timeZone: PARIS });
    expect(until('20270603T190000')).toHaveLength(3);
    expect(until('20270603T185900')).toHaveLength(2);
    expect(until('20270603')).toHaveLength(3);
  });

  it('a rule with neither COUNT nor UNTIL is unbounded', () => {
    expect(
      problem({ rule: 'FREQ=WEEKLY;BYDAY=TU', start: '2027-01-05T19:00', timeZone: PARIS }),
    ).toBe('unbounded');
  });

  it('a series going past the horizon is unbounded too', () => {
    const input = { start: '2027-01-05T19:00', timeZone: PARIS };
    expect(problem({ ...input, rule: 'FREQ=YEARLY;UNTIL=21500101T000000Z' })).toBe('unbounded');
    expect(problem({ ...input, rule: 'FREQ=YEARLY;INTERVAL=50;COUNT=4' })).toBe('unbounded');
    expect(problem({ ...input, rule: 'FREQ=YEARLY;INTERVAL=50;COUNT=3' })).toBe('accepted 3');
  });

  it('exactly the maximum is accepted, one more is too many', () => {
    const daily = (count: number) => ({
      rule: `FREQ=DAILY;COUNT=${count}`,
      start: '2027-01-01T19:00',
      timeZone: PARIS,
    });
    expect(RECURRENCE_MAX_OCCURRENCES).toBe(500);
    expect(starts(daily(500))).toHaveLength(500);
    expect(problem(daily(501))).toBe('too_many');
    expect(problem({ ...daily(11), max: 10 })).toBe('too_many');
    // A long UNTIL is refused as soon as it passes the maximum, without listing the rest.
    expect(
      problem({ rule: 'FREQ=DAILY;UNTIL=21200101', start: '2027-01-01T19:00', timeZone: PARIS }),
    ).toBe('too_many');
  });
});

describe('exceptions', () => {
  it('removes the given local starts from the series, COUNT counting them', () => {
    const series = starts({
      rule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
      start: '2027-03-23T19:00',
      timeZone: PARIS,
      exceptions: ['2027-03-30T19:00', '2027-04-13T19:00', '2027-05-04T19:00'],
    });
    expect(series).toEqual(['2027-03-23T18:00:00.000Z', '2027-04-06T17:00:00.000Z']);
  });

  it('refuses a malformed exception, and a series left empty', () => {
    const input = { rule: 'FREQ=DAILY;COUNT=1', start: '2027-03-23T19:00', timeZone: PARIS };
    expect(problem({ ...input, exceptions: ['2027-03-23 19:00'] })).toBe('invalid_exception');
    expect(problem({ ...input, exceptions: ['2027-03-23T19:00'] })).toBe('invalid_rule');
  });
});

describe('rules', () => {
  const start = '2027-01-02T14:00';

  it('DAILY is accepted', () => {
    expect(starts({ rule: 'FREQ=DAILY;INTERVAL=2;COUNT=3', start, timeZone: PARIS })).toEqual([
      '2027-01-02T13:00:00.000Z',
      '2027-01-04T13:00:00.000Z',
      '2027-01-06T13:00:00.000Z',
    ]);
  });

  it('MONTHLY on the first Saturday, across the March change', () => {
    expect(starts({ rule: 'FREQ=MONTHLY;BYDAY=1SA;COUNT=4', start, timeZone: PARIS })).toEqual([
      '2027-01-02T13:00:00.000Z',
      '2027-02-06T13:00:00.000Z',
      '2027-03-06T13:00:00.000Z',
      '2027-04-03T12:00:00.000Z',
    ]);
  });

  it('names and values are case-insensitive', () => {
    expect(starts({ rule: 'freq=weekly;byday=sa;count=2', start, timeZone: PARIS })).toHaveLength(
      2,
    );
  });

  it.each([
    ['HOURLY', 'FREQ=HOURLY;COUNT=3'],
    ['MINUTELY', 'FREQ=MINUTELY;COUNT=3'],
    ['SECONDLY', 'FREQ=SECONDLY;COUNT=3'],
    ['garbage', 'not a rule'],
    ['empty', ''],
    ['no FREQ', 'COUNT=3'],
    ['an unknown day', 'FREQ=WEEKLY;BYDAY=XX;COUNT=3'],
    ['a count that is no number', 'FREQ=WEEKLY;COUNT=abc'],
    ['a zero count', 'FREQ=WEEKLY;COUNT=0'],
    ['an impossible UNTIL', 'FREQ=WEEKLY;UNTIL=20271340T000000Z'],
    ['COUNT and UNTIL together', 'FREQ=WEEKLY;COUNT=3;UNTIL=20271231T000000Z'],
    ['a part given twice', 'FREQ=WEEKLY;COUNT=3;COUNT=4'],
    ['DTSTART inside', 'FREQ=WEEKLY;COUNT=3;DTSTART=20270101T100000Z'],
    ['TZID inside', 'FREQ=WEEKLY;COUNT=3;TZID=America/New_York'],
    ['a second line', 'DTSTART:20270101T100000Z\nRRULE:FREQ=WEEKLY;COUNT=3'],
    ['the RRULE: prefix', 'RRULE:FREQ=WEEKLY;COUNT=3'],
    ['BYHOUR', 'FREQ=DAILY;BYHOUR=9,18;COUNT=3'],
    ['an ordinal day in a weekly rule', 'FREQ=WEEKLY;BYDAY=1SA;COUNT=3'],
    ['BYSETPOS alone', 'FREQ=MONTHLY;BYSETPOS=1;COUNT=3'],
    ['BYEASTER', 'FREQ=YEARLY;BYEASTER=0;COUNT=3'],
  ])('%s is an invalid rule', (_, rule) => {
    expect(problem({ rule, start, timeZone: PARIS })).toBe('invalid_rule');
  });

  it('a rule that never happens is an invalid rule, found quickly', () => {
    const began = performance.now();
    expect(
      problem({ rule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30;COUNT=5', start, timeZone: PARIS }),
    ).toBe('invalid_rule');
    expect(performance.now() - began).toBeLessThan(5_000);
  });

  it('the start anchors the series: the first start is the first day the rule gives', () => {
    // 2 January 2027 is a Saturday.
    expect(starts({ rule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=1', start, timeZone: PARIS })).toEqual([
      '2027-01-04T13:00:00.000Z',
    ]);
  });

  it('refuses an unknown zone and a malformed start', () => {
    const rule = 'FREQ=DAILY;COUNT=1';
    expect(problem({ rule, start, timeZone: 'Mars/Olympus' })).toBe('invalid_time_zone');
    expect(problem({ rule, start: '2027-02-30T14:00', timeZone: PARIS })).toBe('invalid_start');
    expect(problem({ rule, start: '2027-01-02', timeZone: PARIS })).toBe('invalid_start');
  });

  it('does not depend on the time zone of the machine', () => {
    // The test runs under whatever TZ the machine has; the Paris expectations above hold in any.
    const series = starts({
      rule: 'FREQ=DAILY;COUNT=2',
      start: '2027-03-27T19:00',
      timeZone: PARIS,
    });
    expect(series).toEqual(['2027-03-27T18:00:00.000Z', '2027-03-28T17:00:00.000Z']);
  });
});

describe('local times and instants', () => {
  it('a time in the spring gap moves forward by the gap', () => {
    const instant = zonedToInstant('2027-03-28T02:30', PARIS);
    expect(instant.toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(instantToZoned(instant, PARIS)).toBe('2027-03-28T03:30');
  });

  it('a time in the autumn overlap takes the earlier instant', () => {
    expect(zonedToInstant('2027-10-31T02:30', PARIS).toISOString()).toBe(
      '2027-10-31T00:30:00.000Z',
    );
    expect(zonedToInstant('2027-10-31T03:00', PARIS).toISOString()).toBe(
      '2027-10-31T02:00:00.000Z',
    );
  });

  it('a series through the gap moves only the start that falls in it', () => {
    expect(
      starts({ rule: 'FREQ=DAILY;COUNT=3', start: '2027-03-27T02:30', timeZone: PARIS }),
    ).toEqual(['2027-03-27T01:30:00.000Z', '2027-03-28T01:30:00.000Z', '2027-03-29T00:30:00.000Z']);
  });

  it('round trips outside the changes, and agrees with Intl', () => {
    const instant = zonedToInstant('2027-07-14T21:45', 'America/New_York');
    expect(instant.toISOString()).toBe('2027-07-15T01:45:00.000Z');
    expect(instantToZoned(instant, 'America/New_York')).toBe('2027-07-14T21:45');
    expect(intlLocal(instant.toISOString(), 'America/New_York')).toBe('2027-07-14 21:45');
  });

  it('refuses malformed input', () => {
    expect(() => zonedToInstant('2027-13-01T10:00', PARIS)).toThrow(RangeError);
    expect(() => zonedToInstant('2027-01-01T10:00', 'Mars/Olympus')).toThrow(RangeError);
    expect(() => instantToZoned(new Date(Number.NaN), PARIS)).toThrow(RangeError);
  });

  it('isTimeZone follows Intl, aliases included', () => {
    expect(isTimeZone('Europe/Paris')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('US/Eastern')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('+01:00')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('property: every start shows the start time of day', () => {
  const zones = ['Europe/Paris', 'America/New_York', 'Australia/Sydney', 'Asia/Tokyo', 'UTC'];
  const days = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
  const two = (value: number) => String(value).padStart(2, '0');
  const offsetOf = (ms: number, timeZone: string) =>
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).format(ms);

  it('for random weekly rules, except the starts that fall in a gap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2035-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom(0, 15, 30, 45),
        fc.uniqueArray(fc.constantFrom(...days), { minLength: 1, maxLength: 7 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 60 }),
        (timeZone, day, hour, minute, byday, interval, count) => {
          const time = `${two(hour)}:${two(minute)}`;
          const start = `${day.toISOString().slice(0, 10)}T${time}`;
          const result = expandRecurrence({
            rule: `FREQ=WEEKLY;INTERVAL=${interval};BYDAY=${byday.join(',')};COUNT=${count}`,
            start,
            timeZone,
          });
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.starts.length).toBe(count);
          for (const instant of result.starts) {
            const shown = intlLocal(instant.toISOString(), timeZone).slice(11);
            // A start in the spring gap is the only one allowed another time: later the same
            // day, with the zone's offset changing around it.
            if (shown !== time) {
              expect(shown > time).toBe(true);
              const local = intlLocal(instant.toISOString(), timeZone);
              expect(local.slice(0, 10)).toBe(instantToZoned(instant, timeZone).slice(0, 10));
              const around = [-3, 3].map((hours) =>
                offsetOf(instant.getTime() + hours * 3_600_000, timeZone),
              );
              expect(around[0]).not.toBe(around[1]);
            }
          }
        },
      ),
      {
        numRuns: 200,
        // Random rules seldom meet a gap: these two always do (Paris 28 March, New York 14 March).
        examples: [
          [PARIS, new Date('2027-03-21T00:00:00Z'), 2, 30, ['SU'], 1, 3],
          ['America/New_York', new Date('2027-03-07T00:00:00Z'), 2, 15, ['SU', 'MO'], 1, 4],
        ],
      },
    );
  });
});
