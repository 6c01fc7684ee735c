import { beforeAll, describe, expect, it } from 'vitest';
import { createI18n, loadLanguage, loadTextsPart } from './i18n';

/*
 * Sentences with two counts: i18next picks each count's plural form, the second through a nested
 * text (`$t(key, {"count": {{capacity}} })`). French takes 0 and 1 in the singular.
 */
describe('counts in sentences', () => {
  beforeAll(async () => {
    await loadLanguage('en');
    await loadTextsPart('members', ['fr', 'en']);
    await loadTextsPart('profile', ['fr', 'en']);
  });

  it.each([
    ['fr', { count: 0, capacity: 1 }, '0 présent sur 1 place'],
    ['fr', { count: 1, capacity: 1 }, '1 présent sur 1 place'],
    ['fr', { count: 2, capacity: 12 }, '2 présents sur 12 places'],
    ['en', { count: 1, capacity: 1 }, '1 going of 1 seat'],
    ['en', { count: 3, capacity: 2 }, '3 going of 2 seats'],
  ] as const)('an event’s seats (%s, %o)', (language, counts, text) => {
    expect(createI18n(language).t('events_common.counts.going_of', counts)).toBe(text);
  });

  it.each([
    ['fr', 1, 'Affichage de 1 à 1 sur 1 entrée'],
    ['fr', 2, 'Affichage de 1 à 2 sur 2 entrées'],
    ['en', 1, 'Showing 1 to 1 of 1 entry'],
  ] as const)('the member list’s range (%s, %i)', (language, total, text) => {
    expect(createI18n(language).t('users.list.showing', { from: 1, to: total, total })).toBe(text);
  });

  it.each([
    ['fr', 1, 2, '1 membre modifié sur 2 sélectionnés.'],
    ['fr', 0, 1, '0 membre modifié sur 1 sélectionné.'],
    ['fr', 3, 3, '3 membres modifiés sur 3 sélectionnés.'],
  ] as const)('a bulk change (%s, %i of %i)', (language, changed, count, text) => {
    expect(createI18n(language).t('users.list.bulk.done', { changed, count })).toBe(text);
  });

  it.each([
    ['fr', [1, 0, 1], '1 à créer, 0 à modifier, 1 inchangé.'],
    ['fr', [0, 2, 5], '0 à créer, 2 à modifier, 5 inchangés.'],
    ['en', [1, 1, 1], '1 to create, 1 to update, 1 unchanged.'],
  ] as const)(
    'the CSV import’s summary (%s, %o)',
    (language, [created, updated, unchanged], text) => {
      const t = createI18n(language).t;
      expect(t('members_csv.summary', { created, updated, unchanged })).toBe(text);
    },
  );

  it('a League summary of one game', () => {
    expect(createI18n('fr').t('league.stats.capped', { count: 1 })).toBe(
      'Calculées sur la partie la plus récente.',
    );
  });
});
