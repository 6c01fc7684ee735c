import { DEFAULT_LANGUAGE, type Language } from '@guildhall/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, storeLanguage } from './language';

/** The current language, and a way to change it that is remembered across visits. */
export function useLanguage() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : DEFAULT_LANGUAGE;

  const changeLanguage = useCallback(
    async (next: Language) => {
      await i18n.changeLanguage(next);
      storeLanguage(next);
    },
    [i18n],
  );

  return { language, changeLanguage };
}
