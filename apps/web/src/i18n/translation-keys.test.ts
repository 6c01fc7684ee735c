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

/** i18next's plural forms (the CLDR's categories), which it picks from the `count` it is given. */
const PLURAL_SUFFIX = /_(?:zero|one|two|few|many|other)$/;

/**
 * Texts whose `count` is not how many of the words that follow it: "12 / 500 caractères" counts
 * against a maximum written beside it.
 */
const COUNT_IS_NO_QUANTITY = [
  'alert_editor.form.message_count',
  'alert_editor.form.message_count_over',
  'points_admin.award.counter',
];

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

  it('never write a plural as "(s)": a count chooses its words', () => {
    for (const [key, text] of [...french, ...english]) {
      expect(text, key).not.toMatch(/\((?:s|es|e)\)/);
    }
  });

  it('give every text that shows a count its plural forms', () => {
    for (const [key, text] of [...french, ...english]) {
      if (!placeholders(text).includes('count') || COUNT_IS_NO_QUANTITY.includes(key)) continue;
      const base = key.replace(PLURAL_SUFFIX, '');
      expect(base, `${key} has no plural suffix`).not.toBe(key);
      expect(french.has(`${base}_one`) && french.has(`${base}_other`), key).toBe(true);
    }
  });

  it('nest only plural texts that exist, for a sentence with several counts', () => {
    for (const [key, text] of [...french, ...english]) {
      for (const [, nested] of text.matchAll(/\$t\(([\w.]+),/g)) {
        expect(french.has(`${nested}_one`) && french.has(`${nested}_other`), key).toBe(true);
      }
    }
  });
});
