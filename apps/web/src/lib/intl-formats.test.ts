import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl-formats';

describe('Intl formatters made once', () => {
  it('gives each language and set of options its own formatter, reused from then on', () => {
    const day = new Date(Date.UTC(2026, 8, 1, 12));
    const frenchDay = dateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' });

    expect(frenchDay.format(day)).toBe('1 septembre 2026');
    expect(dateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe(
      'September 1, 2026',
    );
    expect(dateTimeFormat('fr', { month: 'long', timeZone: 'UTC' }).format(day)).toBe('septembre');
    expect(dateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' })).toBe(frenchDay);
  });

  it('keeps numbers apart by language and options too', () => {
    expect(numberFormat('fr', { signDisplay: 'always' }).format(1500)).toBe('+1\u202f500');
    expect(numberFormat('en', { signDisplay: 'always' }).format(1500)).toBe('+1,500');
    expect(numberFormat('en', {}).format(-3)).toBe('-3');
  });
});
