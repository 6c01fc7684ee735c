import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@guildhall/contract/constants';

export const LANGUAGE_STORAGE_KEY = 'guildhall.lang';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** The language chosen on an earlier visit, else the organisation's default. */
export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be disabled (private browsing, strict settings): fall back to the default.
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Without storage the choice simply lasts until the page is reloaded.
  }
}

/** The language the toggle switches to. */
export function otherLanguage(language: Language): Language {
  return LANGUAGES.find((candidate) => candidate !== language) ?? DEFAULT_LANGUAGE;
}
