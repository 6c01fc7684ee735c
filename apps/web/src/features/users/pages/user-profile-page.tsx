import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function UserProfilePage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.user_profile.title')}
      description={t('pages.user_profile.description')}
    />
  );
}
