import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import membersCsvEn from './members-csv.en.json';
import membersCsvFr from './members-csv.fr.json';

type Translations = { [key: string]: string | Translations };

/** Every leaf, keyed the way the code asks for it: `landing.sign_in.submit`. */
function leafEntries(translations: Translations, prefix = ''): [key: string, text: string][] {
  return Object.entries(translations).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : leafEntries(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map(([, name]) => name);

/** Each namespace: the common texts, and those a screen loads with its code (decision 012). */
describe.each([
  { namespace: 'translation', frenchTexts: fr, englishTexts: en },
  { namespace: 'members_csv', frenchTexts: membersCsvFr, englishTexts: membersCsvEn },
])('translations, $namespace', ({ frenchTexts, englishTexts }) => {
  const french = new Map(leafEntries(frenchTexts));
  const english = new Map(leafEntries(englishTexts));

  it('have exactly the same keys in French and in English', () => {
    expect([...english.keys()].sort()).toEqual([...french.keys()].sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const [key, text] of french) {
      expect(placeholders(english.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('have no empty text', () => {
    for (const text of [...french.values(), ...english.values()]) expect(text.trim()).not.toBe('');
  });
});
