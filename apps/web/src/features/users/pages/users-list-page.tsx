import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function UsersListPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('pages.users_list.title')}
      description={t('pages.users_list.description')}
    />
  );
}
