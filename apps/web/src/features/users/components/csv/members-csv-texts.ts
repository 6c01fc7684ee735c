import { useTranslation } from 'react-i18next';
import en from '@/i18n/members-csv.en.json';
import fr from '@/i18n/members-csv.fr.json';

const NAMESPACE = 'members_csv';
const TEXTS = { fr, en } as const;

/**
 * The CSV import and export's texts, in their own namespace that comes with the members list's
 * code rather than with the first paint, which the two translation files already weigh most of
 * (decision 012). Both languages are here: they are small, and a language switch needs no fetch.
 */
export function useMembersCsvTranslation() {
  const { i18n } = useTranslation();
  for (const [language, texts] of Object.entries(TEXTS)) {
    if (!i18n.hasResourceBundle(language, NAMESPACE)) {
      i18n.addResourceBundle(language, NAMESPACE, texts);
    }
  }
  return useTranslation(NAMESPACE);
}
