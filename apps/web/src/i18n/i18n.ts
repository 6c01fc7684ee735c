import type { Language } from '@guildhall/contract';
import i18next, { type i18n as I18n } from 'i18next';
import en from './en.json';
import fr from './fr.json';
import { readStoredLanguage } from './language';

export const resources = {
  fr: { translation: fr },
  en: { translation: en },
} as const;

/**
 * A ready-to-use i18next instance. The translations are bundled, so it initialises synchronously
 * and the first paint is already in the right language. Each call makes a fresh instance, which
 * keeps tests independent of each other.
 */
export function createI18n(language: Language = readStoredLanguage()): I18n {
  const instance = i18next.createInstance();
  // Screen readers pick their pronunciation from <html lang>.
  instance.on('languageChanged', (current) => {
    document.documentElement.lang = current;
  });
  void instance.init({
    resources,
    lng: language,
    fallbackLng: 'en',
    initAsync: false,
    // React already escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return instance;
}
