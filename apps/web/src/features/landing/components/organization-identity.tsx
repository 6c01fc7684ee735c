import { useTranslation } from 'react-i18next';
import { ErrorMessage, LoadingMessage } from '@/components/ui/status-message';
import { useOrganization } from '@/lib/organization/get-organization';
import styles from './organization-identity.module.css';

/** The organisation's logo and name, the page's main heading. */
export function OrganizationIdentity() {
  const { t } = useTranslation();
  const { data: organization, error, isPending } = useOrganization();

  if (isPending) return <LoadingMessage />;
  if (error) return <ErrorMessage message={error.message} />;
  return (
    <div className={styles.identity}>
      <title>{t('app.document_title', { page: organization.name })}</title>
      {/* The name follows right after: the logo adds nothing for a screen reader. */}
      {organization.logo && <img className={styles.logo} src={organization.logo} alt="" />}
      <h1 className={styles.name}>{organization.name}</h1>
    </div>
  );
}
