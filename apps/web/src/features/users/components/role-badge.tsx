import { ROLE_DEFINITIONS, type Role } from '@guildhall/contract';
import { CircleHelp, type LucideIcon, Mail, ShieldCheck, User, UserCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRoles } from '../api/get-roles';
import styles from './role-badge.module.css';

/** The icon names GET /api/roles answers with (lucide's names), as components. */
const ROLE_ICONS: Partial<Record<string, LucideIcon>> = {
  'shield-check': ShieldCheck,
  'user-check': UserCheck,
  user: User,
  mail: Mail,
};

/** The icon /api/roles gives a role; the contract's own until the answer arrives. */
function RoleIcon({ role }: { role: Role }) {
  const { data } = useRoles();
  const Icon = ROLE_ICONS[data?.roles[role]?.icon ?? ROLE_DEFINITIONS[role].icon] ?? CircleHelp;
  return <Icon size={16} />;
}

/** A role's icon and its name in the reader's language. */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge}>
      <RoleIcon role={role} />
      {t(`roles.${role}`)}
    </span>
  );
}
