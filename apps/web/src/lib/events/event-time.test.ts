import { describe, expect, it } from 'vitest';
import {
  dayOfKey,
  daysFrom,
  instantToZonedInput,
  readerDayKey,
  recurrenceChoiceOf,
  recurrenceRule,
  weekStart,
  zonedInputToInstant,
} from './event-time';

describe('event times', () => {
  it('reads a datetime-local value in the event’s time zone, across daylight saving', () => {
    expect(zonedInputToInstant('2027-01-12T19:00', 'Europe/Paris')).toBe(
      '2027-01-12T18:00:00.000Z',
    );
    expect(zonedInputToInstant('2027-07-12T19:00', 'Europe/Paris')).toBe(
      '2027-07-12T17:00:00.000Z',
    );
    expect(zonedInputToInstant('2027-07-12T19:00', 'America/New_York')).toBe(
      '2027-07-12T23:00:00.000Z',
    );
    // Skipped in spring: moved forward by the gap; seen twice in autumn: the earlier one.
    expect(zonedInputToInstant('2027-03-28T02:30', 'Europe/Paris')).toBe(
      '2027-03-28T01:30:00.000Z',
    );
    expect(zonedInputToInstant('2027-10-31T02:30', 'Europe/Paris')).toBe(
      '2027-10-31T00:30:00.000Z',
    );
    expect(zonedInputToInstant('', 'Europe/Paris')).toBeNull();
    expect(zonedInputToInstant('demain', 'Europe/Paris')).toBe('demain');
  });

  it('writes an instant as a datetime-local value in the event’s time zone', () => {
    expect(instantToZonedInput('2027-07-12T17:00:00.000Z', 'Europe/Paris')).toBe(
      '2027-07-12T19:00',
    );
    expect(instantToZonedInput('2027-01-01T00:30:00.000Z', 'America/New_York')).toBe(
      '2026-12-31T19:30',
    );
    expect(instantToZonedInput(null, 'Europe/Paris')).toBe('');
  });

  it('builds the RFC 5545 rule of the recurrence controls, and reads it back', () => {
    const weekly = {
      frequency: 'weekly' as const,
      interval: 1,
      weekdays: ['TH' as const, 'TU' as const],
      end: 'until' as const,
      until: '2027-06-30',
      count: 10,
    };
    expect(recurrenceRule(weekly, 'Europe/Paris')).toBe(
      'FREQ=WEEKLY;INTERVAL=1;BYDAY=TU,TH;UNTIL=20270630T215959Z',
    );
    expect(
      recurrenceRule({ ...weekly, frequency: 'daily', end: 'count', count: 20 }, 'Europe/Paris'),
    ).toBe('FREQ=DAILY;INTERVAL=1;COUNT=20');
    expect(recurrenceRule({ ...weekly, frequency: 'none' }, 'Europe/Paris')).toBeNull();
    expect(
      recurrenceChoiceOf(
        'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270630T215959Z',
        'Europe/Paris',
      ),
    ).toEqual({ ...weekly, interval: 2, weekdays: ['TU', 'TH'] });
    expect(recurrenceChoiceOf('FREQ=MONTHLY;BYMONTHDAY=1;COUNT=3', 'Europe/Paris')).toBeNull();
  });

  it('finds the Monday of a week and its seven days, across daylight saving', () => {
    const key = (date: Date) => readerDayKey(date.toISOString());
    // Thursday 26 November 2026; Sunday 29 and Monday 23 stay in the same week.
    expect(key(weekStart(new Date(2026, 10, 26, 15)))).toBe('2026-11-23');
    expect(key(weekStart(new Date(2026, 10, 29, 23, 30)))).toBe('2026-11-23');
    expect(key(weekStart(new Date(2026, 10, 23)))).toBe('2026-11-23');
    expect(key(weekStart(new Date(2026, 10, 26), -1))).toBe('2026-11-16');
    expect(key(weekStart(new Date(2026, 11, 31), 1))).toBe('2027-01-04');
    // The week of the autumn change has seven days at midnight, wherever the reader is.
    const days = daysFrom(weekStart(new Date(2026, 9, 28)));
    expect(days.map(key)).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    for (const day of days) expect([day.getHours(), day.getMinutes()]).toEqual([0, 0]);
  });

  it('reads a day key back, and nothing else', () => {
    expect(dayOfKey('2026-11-23')).toEqual(new Date(2026, 10, 23));
    expect(dayOfKey('2026-02-30')).toBeNull();
    expect(dayOfKey('23/11/2026')).toBeNull();
    expect(dayOfKey('')).toBeNull();
  });
});
