import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useSignedInUser } from '@/lib/session/get-session';

export function DashboardPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <PageHeader
      title={t('pages.dashboard.title')}
      description={t('pages.dashboard.welcome', { pseudo: user.pseudo })}
    />
  );
}
