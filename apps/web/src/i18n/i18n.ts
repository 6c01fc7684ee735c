import { DEFAULT_LANGUAGE, type Language } from '@guildhall/contract';
import i18next, { type i18n as I18n } from 'i18next';
import fr from './fr.json';
import { readStoredLanguage } from './language';

export type Messages = typeof fr;

/*
 * French, the default language, comes with the app; English is fetched the first time it is
 * needed (before the first paint for a visitor who chose it: main.tsx waits for it), so that
 * nobody downloads a language they do not read (docs/decisions/032-design-system.md).
 */
const loaders: Record<Language, () => Promise<Messages>> = {
  fr: () => Promise.resolve(fr),
  en: async () => (await import('./en.json')).default,
};
const loaded: Partial<Record<Language, Messages>> = { [DEFAULT_LANGUAGE]: fr };

/** The texts of `language`, fetched once. */
export async function loadLanguage(language: Language): Promise<Messages> {
  const known = loaded[language];
  if (known) return known;
  const messages = await loaders[language]();
  loaded[language] = messages;
  return messages;
}

/** The texts of `language` if they are here already (French always is). */
export const loadedMessages = (language: Language): Messages | undefined => loaded[language];

/**
 * A ready-to-use i18next instance, in `language` when its texts are loaded (loadLanguage), in
 * French otherwise. It initialises synchronously, so the first paint is already in the right
 * language. Each call makes a fresh instance, which keeps tests independent of each other.
 */
export function createI18n(language: Language = readStoredLanguage()): I18n {
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
