import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function ModifyUserPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.modify_user.title')}
      description={t('pages.modify_user.description')}
    />
  );
}
