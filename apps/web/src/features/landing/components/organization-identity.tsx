import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useOrganization } from '@/lib/organization/get-organization';
import styles from './organization-identity.module.css';

/**
 * The organisation's logo and name, the page's main heading. When the organisation cannot be
 * read, the page still has its heading, and says why in the reader's language.
 */
export function OrganizationIdentity() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const { data: organization, error, isPending } = useOrganization();

  if (isPending) return <LoadingMessage />;
  if (error) {
    return (
      <div className={`${styles.identity} ${styles.unavailable}`}>
        <h1 className={styles.name}>{t('landing.organization_fallback')}</h1>
        <AlertMessage>{t('landing.organization_error', { message: describe(error) })}</AlertMessage>
      </div>
    );
  }
  return (
    <div className={styles.identity}>
      <title>{t('app.document_title', { page: organization.name })}</title>
      {/* The name follows right after: the logo adds nothing for a screen reader. */}
      {organization.logo && <img className={styles.logo} src={organization.logo} alt="" />}
      <h1 className={styles.name}>{organization.name}</h1>
    </div>
  );
}
