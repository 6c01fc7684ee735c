import { useTranslation } from 'react-i18next';
import { useTextsPart } from '@/i18n/i18n';

/**
 * The CSV import and export's texts (`members_csv.*`), a part of the texts that comes with the
 * members list's code rather than with the first paint (i18n.ts, decision 012).
 */
export function useMembersCsvTranslation() {
  useTextsPart('members');
  return useTranslation('translation', { keyPrefix: 'members_csv' });
}
