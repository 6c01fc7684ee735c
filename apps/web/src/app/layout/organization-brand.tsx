import { useOrganization } from '@/lib/organization/get-organization';
import styles from './organization-brand.module.css';

/** The organisation's logo and name, at the top of the sidebar. */
export function OrganizationBrand() {
  const { data: organization } = useOrganization();
  if (!organization) return null;
  return (
    <div className={styles.brand}>
      {organization.logo && <img className={styles.logo} src={organization.logo} alt="" />}
      <span className={styles.name}>{organization.name}</span>
    </div>
  );
}
