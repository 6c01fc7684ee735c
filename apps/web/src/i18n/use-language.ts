import { DEFAULT_LANGUAGE, type Language } from '@guildhall/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLanguage } from './i18n';
import { isLanguage, storeLanguage } from './language';

/** The current language, and a way to change it that is remembered across visits. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : DEFAULT_LANGUAGE;

  const changeLanguage = useCallback(
    async (next: Language) => {
      // The first switch to a language fetches its texts, with the parts screens have asked for.
      i18n.addResourceBundle(next, 'translation', await loadLanguage(next), true, true);
      await i18n.changeLanguage(next);
      storeLanguage(next);
    },
    [i18n],
  );

  return { language, changeLanguage };
}
