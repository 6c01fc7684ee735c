import type { Language } from '@guildhall/contract';
import { readFileSync } from 'node:fs';

/**
 * The application's own texts, read from its translation files, so that a spec says which text
 * it looks for and a reworded one follows: `t('fr', 'alert_editor.admin.create')`. A key the file does
 * not have fails the test at once, instead of a locator that never matches.
 */

type Tree = { [key: string]: string | Tree };

/** A language's texts: the app's file and its parts fetched with their screens (i18n.ts). */
const read = (language: Language): Tree =>
  Object.assign(
    {},
    ...['', '.admin', '.members', '.events', '.points', '.profile'].map(
      (part) =>
        JSON.parse(
          readFileSync(new URL(`../src/i18n/${language}${part}.json`, import.meta.url), 'utf8'),
        ) as Tree,
    ),
  ) as Tree;

const translations: Record<Language, Tree> = { fr: read('fr'), en: read('en') };

type Params = Record<string, string | number>;

function lookup(language: Language, key: string): string | undefined {
  let node: string | Tree | undefined = translations[language];
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The raw text of a key, the plural form i18next would pick when `count` is given. */
function template(language: Language, key: string, params: Params): string {
  if (typeof params.count === 'number') {
    const form = new Intl.PluralRules(language).select(params.count);
    const plural = lookup(language, `${key}_${form}`) ?? lookup(language, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  const text = lookup(language, key);
  if (text === undefined) throw new Error(`no translation "${key}" in ${language}.json`);
  return text;
}

/**
 * i18next's nesting, as the translation files use it for a sentence with two counts: another
 * text, given one of this one's values as its count (`$t(key, {"count": {{total}} })`).
 */
const NESTED = /\$t\(([\w.]+),\s*\{\s*"count":\s*\{\{\s*(\w+)\s*\}\}\s*\}\s*\)/g;

/** The text the application shows for `key`, with its {{params}} filled in as i18next does. */
export function t(language: Language, key: string, params: Params = {}): string {
  const need = (name: string) => {
    if (!(name in params)) throw new Error(`"${key}" in ${language}.json needs {{${name}}}`);
    return params[name]!;
  };
  return template(language, key, params)
    .replace(NESTED, (_, nested: string, name: string) =>
      t(language, nested, { count: Number(need(name)) }),
    )
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(need(name)));
}

/** A literal piece of a text as a pattern; a space matches any (the French ones are no-break). */
export const literalPattern = (text: string) =>
  text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');

/**
 * The text of `key` as a whole-text pattern: the {{params}} given are filled in, the others match
 * anything (for numbers or messages the test does not know); without a count, any plural form.
 */
export function tPattern(language: Language, key: string, params: Params = {}): RegExp {
  const forms = PLURAL_FORMS.map((form) => lookup(language, `${key}_${form}`)).filter(
    (text): text is string => text !== undefined,
  );
  const texts =
    typeof params.count !== 'number' && lookup(language, key) === undefined && forms.length > 0
      ? forms
      : [template(language, key, params)];
  const filled = (text: string) =>
    text
      .split(/\{\{\s*(\w+)\s*\}\}/)
      .map((part, index) =>
        index % 2 === 0
          ? literalPattern(part)
          : part in params
            ? literalPattern(String(params[part]))
            : '.+',
      )
      .join('');
  // A nested text whose count is given is written out; one whose count is not matches anything.
  const sources = texts.map((text) =>
    text
      .split(NESTED)
      .map((part, index, parts) =>
        index % 3 === 0
          ? filled(part)
          : index % 3 === 1
            ? parts[index + 1]! in params
              ? literalPattern(t(language, part, { count: Number(params[parts[index + 1]!]) }))
              : '.+'
            : '',
      )
      .join(''),
  );
  return new RegExp(`^(?:${sources.join('|')})$`);
}

const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
