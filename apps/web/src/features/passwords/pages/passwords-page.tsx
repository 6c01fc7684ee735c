import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function PasswordsPage() {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('pages.passwords.title')} description={t('pages.passwords.description')} />
  );
}
