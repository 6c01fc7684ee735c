import { DEFAULT_LANGUAGE, type Language } from '@guildhall/contract/constants';
import i18next, { type i18n as I18n } from 'i18next';
import { use } from 'react';
import { useTranslation } from 'react-i18next';
import type frAdmin from './fr.admin.json';
import type frEvents from './fr.events.json';
import fr from './fr.json';
import type frMembers from './fr.members.json';
import type frPoints from './fr.points.json';
import type frProfile from './fr.profile.json';
import { isLanguage, startLanguage } from './language';

/** Every text of a language: the app's, and those of the parts fetched with their screens. */
export type Messages = typeof fr &
  typeof frAdmin &
  typeof frMembers &
  typeof frEvents &
  typeof frPoints &
  typeof frProfile;
/** A language's texts as loaded: the app's always, a part once some screen asked for it. */
type LoadedMessages = typeof fr &
  Partial<typeof frAdmin & typeof frMembers & typeof frEvents & typeof frPoints & typeof frProfile>;

/*
 * French, the default language, comes with the app; English is fetched the first time it is
 * needed (before the first paint for a visitor who chose it, or whose browser asks for it:
 * main.tsx waits for it), so that
 * nobody downloads a language they do not read (docs/decisions/032-design-system.md).
 *
 * Texts only some screens show are parts of their own, fetched with those screens' code: the
 * admin settings' are a quarter of the French texts, which no member but an admin ever reads,
 * and the first paint waits for every byte of the app's (decision 012). `members` is the member
 * list's CSV import and export; `events` the events' screens (the dashboard's card and the RSVP
 * buttons take theirs from the app's texts); `points` the leaderboard; `profile` a member's
 * profile: its League tab and its activity timeline.
 */
const loaders: Record<Language, () => Promise<typeof fr>> = {
  fr: () => Promise.resolve(fr),
  en: async () => (await import('./en.json')).default,
};

const partLoaders = {
  admin: {
    fr: async () => (await import('./fr.admin.json')).default,
    en: async () => (await import('./en.admin.json')).default,
  },
  members: {
    fr: async () => (await import('./fr.members.json')).default,
    en: async () => (await import('./en.members.json')).default,
  },
  events: {
    fr: async () => (await import('./fr.events.json')).default,
    en: async () => (await import('./en.events.json')).default,
  },
  points: {
    fr: async () => (await import('./fr.points.json')).default,
    en: async () => (await import('./en.points.json')).default,
  },
  profile: {
    fr: async () => (await import('./fr.profile.json')).default,
    en: async () => (await import('./en.profile.json')).default,
  },
} satisfies Record<string, Record<Language, () => Promise<object>>>;

export type TextsPart = keyof typeof partLoaders;

/** A top-level key of each part: a language holds the part once it holds that key. */
const PART_KEYS: Record<TextsPart, string> = {
  admin: 'admin_settings',
  members: 'members_csv',
  events: 'events',
  points: 'leaderboard',
  profile: 'profile_timeline',
};

/** The parts some screen has asked for: a language fetched from then on comes with them. */
const wantedParts = new Set<TextsPart>();

/** Each language's texts as loaded so far: the app's, and the parts wanted when it was loaded. */
const loaded: Partial<Record<Language, LoadedMessages>> = { [DEFAULT_LANGUAGE]: fr };

/** The texts of `language` with every wanted part, each file fetched once. */
export async function loadLanguage(language: Language): Promise<LoadedMessages> {
  const known = loaded[language];
  const missing = [...wantedParts].filter((part) => !(known && PART_KEYS[part] in known));
  if (known && missing.length === 0) return known;
  const [base, ...parts] = await Promise.all([
    known ?? loaders[language](),
    ...missing.map((part) => partLoaders[part][language]()),
  ]);
  const messages: LoadedMessages = Object.assign({}, base, ...parts);
  loaded[language] = messages;
  return messages;
}

/** Fetches a part of the texts in every language from now on (tests want them all at once). */
export async function loadTextsPart(part: TextsPart, languages: readonly Language[]) {
  wantedParts.add(part);
  await Promise.all(languages.map(loadLanguage));
}

/** The texts of `language` if they are here already (French always is). */
export const loadedMessages = (language: Language): LoadedMessages | undefined => loaded[language];

/** A promise React reads as already fulfilled (its `status`), so `use` does not suspend. */
const PART_PRESENT = Object.assign(Promise.resolve(), {
  status: 'fulfilled' as const,
  value: undefined,
});

/** A part being added to an instance, per instance and language: one fetch, one promise. */
const adding = new WeakMap<I18n, Map<string, Promise<void>>>();

function addPart(i18n: I18n, part: TextsPart, language: Language): Promise<void> {
  const pending = adding.get(i18n) ?? new Map<string, Promise<void>>();
  adding.set(i18n, pending);
  const key = `${part}:${language}`;
  let promise = pending.get(key);
  if (!promise && i18n.getResource(language, 'translation', PART_KEYS[part]) !== undefined) {
    return PART_PRESENT;
  }
  if (!promise) {
    wantedParts.add(part);
    promise = loadLanguage(language).then(
      (messages) => {
        i18n.addResourceBundle(language, 'translation', messages, true, true);
      },
      (error: unknown) => {
        // The next render asks again rather than keep a failure forever.
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

/**
 * Makes sure a part of the texts is there in the current language before the screen renders:
 * it suspends (the page's loading state shows) while the part comes, with the screen's code.
 */
export function useTextsPart(part: TextsPart): void {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  // `use` on every render, with the same promise, whether the part has come or not: a render
  // that suspended on it is replayed once it has come, and React requires the replay to call
  // `use` again where the first attempt did, with the same promise (otherwise it recovers from
  // "update hook called on initial render" and reports an error).
  use(addPart(i18n, part, language));
}

/**
 * A ready-to-use i18next instance, in `language` when its texts are loaded (loadLanguage), in
 * French otherwise. It initialises synchronously, so the first paint is already in the right
 * language. Each call makes a fresh instance, which keeps tests independent of each other.
 */
export function createI18n(language: Language = startLanguage()): I18n {
  const instance = i18next.createInstance();
  // Screen readers pick their pronunciation from <html lang>.
  instance.on('languageChanged', (current) => {
    document.documentElement.lang = current;
  });
  const resources = Object.fromEntries(
    Object.entries(loaded).map(([code, messages]) => [code, { translation: messages }]),
  );
  void instance.init({
    resources,
    lng: loaded[language] ? language : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    initAsync: false,
    // React already escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return instance;
}
