import type { SessionUser } from '@guildhall/contract';
import { Menu } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageButton } from '@/components/ui/language-button';
import styles from './header.module.css';
import { SIDEBAR_ID } from './sidebar';
import { UserMenu } from './user-menu';

interface HeaderProps {
  user: SessionUser;
  sidebarExpanded: boolean;
  onToggleSidebar: () => void;
  toggleRef: RefObject<HTMLButtonElement | null>;
}

export function Header({ user, sidebarExpanded, onToggleSidebar, toggleRef }: HeaderProps) {
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
      <div className={styles.actions}>
        <LanguageButton />
        <UserMenu user={user} />
      </div>
    </header>
  );
}
