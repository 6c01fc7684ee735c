import type { SessionUser } from '@guildhall/contract';
import {
  Building,
  CalendarDays,
  KeyRound,
  LayoutDashboard,
  Trophy,
  type LucideIcon,
  UserCog,
  UserRound,
  Users,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { can, canOpenAdminSettings } from '@/lib/session/abilities';
import styles from './sidebar-nav.module.css';

interface SidebarNavProps {
  user: SessionUser;
  /** Whether at least one shared password is open to this member. */
  canSeePasswords: boolean;
  /** Called when a link is followed, so that an overlay can close itself. */
  onNavigate?: () => void;
}

export function SidebarNav({ user, canSeePasswords, onNavigate }: SidebarNavProps) {
  const { t } = useTranslation();
  const link = (to: string, icon: LucideIcon, label: string) => (
    <NavItem to={to} icon={icon} label={label} onNavigate={onNavigate} />
  );
  const canManageMembers = can(user, 'edit:member:any');

  return (
    <nav className={styles.nav} aria-label={t('nav.label')}>
      <NavSection title={t('nav.sections.dashboard')}>
        {link('/dashboard', LayoutDashboard, t('nav.overview'))}
        {link(`/users/${user._id}`, UserRound, t('nav.my_profile'))}
        {link('/events', CalendarDays, t('nav.events'))}
        {link('/leaderboard', Trophy, t('nav.leaderboard'))}
        {canSeePasswords && link('/passwords', KeyRound, t('nav.my_passwords'))}
      </NavSection>
      {(canManageMembers || canOpenAdminSettings(user)) && (
        <NavSection title={t('nav.sections.administration')}>
          {canManageMembers && link('/users/list', Users, t('nav.members'))}
          {canOpenAdminSettings(user) &&
            link('/settings/organization', Building, t('nav.organization'))}
        </NavSection>
      )}
      <NavSection title={t('nav.sections.settings')}>
        {link('/settings/profile', UserCog, t('nav.my_account'))}
      </NavSection>
    </nav>
  );
}

function NavSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <div className={styles.section}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      <ul className={styles.links} aria-labelledby={titleId}>
        {children}
      </ul>
    </div>
  );
}

interface NavItemProps {
  to: string;
  icon: LucideIcon;
  label: string;
  onNavigate: (() => void) | undefined;
}

/** NavLink marks the current page with aria-current, which the stylesheet highlights. */
function NavItem({ to, icon: Icon, label, onNavigate }: NavItemProps) {
  return (
    <li>
      <NavLink className={styles.link} to={to} onClick={onNavigate}>
        <Icon className={styles.icon} size={18} />
        <span>{label}</span>
      </NavLink>
    </li>
  );
}
