import type { SessionUser } from '@guildhall/contract';
import { Menu } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageButton } from '@/components/ui/language-button';
import { ThemeButton } from '@/components/ui/theme-button';
import styles from './header.module.css';
import { OrganizationBrand } from './organization-brand';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

interface HeaderProps {
  user: SessionUser;
  /** On a phone the sidebar is hidden: the header shows the organisation instead. */
  showBrand: boolean;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

export function Header({
  user,
  showBrand,
  sidebarExpanded,
  onToggleSidebar,
  toggleRef,
}: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={styles.header}>
      <button
        ref={toggleRef}
        type="button"
        className="icon-button"
        aria-label={t('header.toggle_menu')}
        aria-expanded={sidebarExpanded}
        aria-controls={SIDEBAR_ID}
        onClick={onToggleSidebar}
      >
        <Menu size={22} />
      </button>
      {showBrand && (
        <div className={styles.brand}>
          <OrganizationBrand compact />
        </div>
      )}
      <div className={styles.actions}>
        <ThemeButton />
        <LanguageButton />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
