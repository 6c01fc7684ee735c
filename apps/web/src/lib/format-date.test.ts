import { describe, expect, it, vi } from 'vitest';
import { formatCalendarDay, formatDate, formatDateTime, formatMonthYear } from './format-date';

describe('dates in the reader’s language', () => {
  const moment = '2024-09-01T12:05:00Z';

  it('writes a day as each language does', () => {
    expect(formatDate(moment, 'fr')).toBe('1 sept. 2024');
    expect(formatDate(moment, 'en')).toBe('Sep 1, 2024');
  });

  it('writes a month and a year as each language does', () => {
    expect(formatMonthYear(moment, 'fr')).toBe('septembre 2024');
    expect(formatMonthYear(moment, 'en')).toBe('September 2024');
  });

  it('writes a moment with its time as each language does', () => {
    expect(formatDateTime(moment, 'fr')).toMatch(/^1 sept\. 2024,? \d{2}:05$/);
    expect(formatDateTime(moment, 'en')).toMatch(/^Sep 1, 2024, \d{1,2}:05\s[AP]M$/);
  });

  it('writes a birthday on its own day, whatever the time zone', () => {
    expect(formatCalendarDay('1990-12-10', 'fr')).toBe('10 déc. 1990');
    expect(formatCalendarDay('1990-12-10', 'en')).toBe('Dec 10, 1990');
    expect(formatCalendarDay('1990-01-01', 'en')).toBe('Jan 1, 1990');
  });

  it('gives nothing for what is not a date', () => {
    expect(formatDate('not a date', 'fr')).toBeNull();
    expect(formatCalendarDay('10/12/1990', 'fr')).toBeNull();
  });

  it('writes the common dates with formatters made ahead, while the app waits for its data', async () => {
    // A fresh copy of the module: no formatter made by the tests above.
    vi.resetModules();
    const fresh = await import('./format-date');
    await fresh.prepareDateFormats('en');
    const made = vi.spyOn(Intl, 'DateTimeFormat');

    expect(fresh.formatDate(moment, 'en')).toBe('Sep 1, 2024');
    expect(fresh.formatDateTime(moment, 'en')).toMatch(/^Sep 1, 2024, \d{1,2}:05/);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});
