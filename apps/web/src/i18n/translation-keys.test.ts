import { describe, expect, it } from 'vitest';
import enAdmin from './en.admin.json';
import enEvents from './en.events.json';
import en from './en.json';
import enMembers from './en.members.json';
import enPoints from './en.points.json';
import enProfile from './en.profile.json';
import frAdmin from './fr.admin.json';
import frEvents from './fr.events.json';
import fr from './fr.json';
import frMembers from './fr.members.json';
import frPoints from './fr.points.json';
import frProfile from './fr.profile.json';

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

describe('translations', () => {
  // The app's texts and its parts fetched with their screens (i18n.ts), keyed as one.
  const french = new Map(
    leafEntries({ ...fr, ...frAdmin, ...frMembers, ...frEvents, ...frPoints, ...frProfile }),
  );
  const english = new Map(
    leafEntries({ ...en, ...enAdmin, ...enMembers, ...enEvents, ...enPoints, ...enProfile }),
  );

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
