import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function OrganizationSettingsPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.organization_settings.title')}
      description={t('pages.organization_settings.description')}
    />
  );
}
