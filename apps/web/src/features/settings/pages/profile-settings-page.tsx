import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function ProfileSettingsPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.profile_settings.title')}
      description={t('pages.profile_settings.description')}
    />
  );
}
