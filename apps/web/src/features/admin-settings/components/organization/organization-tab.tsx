import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { useOrganization } from '@/lib/organization/get-organization';
import { LogoUpload } from './logo-upload';
import { OrganizationForm } from './organization-form';
import styles from './organization.module.css';

/** The admin settings' Organisation tab: the logo, then the name, contact, colours and links. */
export function OrganizationTab() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
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
        <ErrorMessage message={describe(error)} />
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
