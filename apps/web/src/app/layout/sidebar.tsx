import type { SessionUser } from '@guildhall/contract';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { OrganizationBrand } from './organization-brand';
import { SidebarNav } from './sidebar-nav';
import styles from './sidebar.module.css';

/** The id the menu toggle points at with aria-controls. */
export const SIDEBAR_ID = 'app-sidebar';

/**
 * The version the specification writes under the ranking (section 9). Guildhall keeps it at the
 * foot of the menu, small, where it reads as the product's and not as a fact of the member's
 * ranking (deviations.md).
 */
const VERSION = '0.15';

function ProductVersion() {
  const { t } = useTranslation();
  return <p className={styles.version}>{t('nav.version', { version: VERSION })}</p>;
}

interface SidebarProps {
  user: SessionUser;
  canSeePasswords: boolean;
}

/** The column beside the page on wide screens. */
export function DesktopSidebar({
  user,
  canSeePasswords,
  hidden,
}: SidebarProps & { hidden: boolean }) {
  return (
    // The rail runs the page's whole height; the menu in it stays in view as the page scrolls.
    <div id={SIDEBAR_ID} className={styles.rail} hidden={hidden}>
      <div className={`${styles.sidebar} ${styles.docked}`}>
        <OrganizationBrand />
        <SidebarNav user={user} canSeePasswords={canSeePasswords} />
        <ProductVersion />
      </div>
    </div>
  );
}

interface MobileSidebarProps extends SidebarProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back when the overlay closes: the button that opened it. */
  toggleRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The same menu drawn over the page on narrow screens. As a modal dialog it keeps focus inside
 * while open, and closes on Escape and on a click on the backdrop.
 */
export function MobileSidebar({
  user,
  canSeePasswords,
  open,
  onOpenChange,
  toggleRef,
}: MobileSidebarProps) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.backdrop} data-testid="sidebar-backdrop" />
        <Dialog.Content
          id={SIDEBAR_ID}
          className={`${styles.sidebar} ${styles.overlay}`}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // A followed link has already taken the focus to the new page's main content.
            if (document.activeElement === document.body) toggleRef.current?.focus();
          }}
        >
          <div className={styles.overlayHeader}>
            <Dialog.Title className="visually-hidden">{t('nav.menu_title')}</Dialog.Title>
            <OrganizationBrand />
            <Dialog.Close className="icon-button" aria-label={t('nav.close_menu')}>
              <X size={20} />
            </Dialog.Close>
          </div>
          <SidebarNav user={user} canSeePasswords={canSeePasswords} onNavigate={close} />
          <ProductVersion />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
