import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, LoadingMessage } from '@/components/ui/status-message';
import { useOrganization } from '@/lib/organization/get-organization';
import { LogoUpload } from './logo-upload';
import { OrganizationForm } from './organization-form';
import styles from './organization.module.css';

/** The admin settings' Organisation tab: the logo, then the name, contact, colours and links. */
export function OrganizationTab() {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: organization, error, isPending } = useOrganization();

  return (
    <section className={styles.tab} aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className={styles.tabTitle}>
          {t('organization_settings.title')}
        </h2>
        <p className={styles.note}>{t('organization_settings.description')}</p>
      </div>
      {error ? (
        <ErrorMessage message={error.message} />
      ) : isPending ? (
        <LoadingMessage />
      ) : (
        <>
          <LogoUpload organization={organization} />
          <OrganizationForm organization={organization} />
        </>
      )}
    </section>
  );
}
