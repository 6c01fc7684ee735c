import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@guildhall/contract/constants';

export const LANGUAGE_STORAGE_KEY = 'guildhall.lang';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language === value);
}

/** The language chosen on an earlier visit with the language button, if any. */
function readStoredLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    // Storage can be disabled (private browsing, strict settings): as if nothing was chosen.
    return null;
  }
}

/** The first of the browser's languages the portal speaks ("en-GB" is English), if any. */
export function browserLanguage(): Language | null {
  const wanted = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  for (const tag of wanted) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * The language the app starts in: the one chosen with the language button, which always wins;
 * until then the browser's, so that an English reader does not meet a French landing page
 * (decision 052); else the organisation's default.
 */
export function startLanguage(): Language {
  return readStoredLanguage() ?? browserLanguage() ?? DEFAULT_LANGUAGE;
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
