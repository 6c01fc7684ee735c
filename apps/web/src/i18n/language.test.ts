import { describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, startLanguage } from './language';

/** A browser whose preferred languages are `languages`, most wanted first (test setup restores). */
function browserAsks(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('the language the app starts in', () => {
  it.each([
    [['en-US', 'en'], 'en'],
    [['en-GB'], 'en'],
    [['de-DE', 'EN'], 'en'],
    [['fr-CA', 'en'], 'fr'],
    [['de-DE', 'es'], 'fr'],
    [[], 'fr'],
  ] as const)(
    'is the first the browser asks for that the portal speaks: %j -> %s',
    (asked, language) => {
      browserAsks(...asked);
      expect(startLanguage()).toBe(language);
    },
  );

  it('is the one chosen with the language button, whatever the browser asks for', () => {
    browserAsks('en-US', 'en');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(startLanguage()).toBe('fr');
  });

  it("is the browser's when storage is refused", () => {
    browserAsks('en-US');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(startLanguage()).toBe('en');
  });
});
