import { useTranslation } from 'react-i18next';

/**
 * What a table or a list shows for a value the member has not given: a dash for the eyes, and
 * "Non renseigné" (or `label`) for a screen reader, in place of an English "N/A".
 */
export function NotProvided({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{label ?? t('common.not_provided')}</span>
    </>
  );
}
