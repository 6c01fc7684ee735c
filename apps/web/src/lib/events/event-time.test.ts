import { describe, expect, it } from 'vitest';
import {
  instantToZonedInput,
  recurrenceChoiceOf,
  recurrenceRule,
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
});
