import { useOrganization } from '@/lib/organization/get-organization';
import styles from './organization-brand.module.css';

/** The organisation's logo and name, at the top of the sidebar, or smaller in a phone's header. */
export function OrganizationBrand({ compact = false }: { compact?: boolean }) {
  const { data: organization } = useOrganization();
  if (!organization) return null;
  return (
    <div className={styles.brand} data-compact={compact || undefined}>
      {organization.logo && <img className={styles.logo} src={organization.logo} alt="" />}
      <span className={styles.name}>{organization.name}</span>
    </div>
  );
}
