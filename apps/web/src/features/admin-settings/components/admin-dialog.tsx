import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import styles from './admin-tab.module.css';

interface AdminDialogProps {
  /** The button that opens the dialog; the focus goes back to it when the dialog closes. */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  /** The close button's accessible name: it shows an icon only. */
  closeLabel: string;
  /** Set with onOpenChange for a dialog that its content closes, as a form does once saved. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Added to the dialog's class, for a tab that sizes it its own way. */
  className?: string;
  /** Added to the title's class. */
  titleClassName?: string;
  /** Mounted only while the dialog is open. */
  children: ReactNode;
}

/** The modal dialog of an admin settings tab: a title with a close button, a description, then the content. */
export function AdminDialog({
  trigger,
  title,
  description,
  closeLabel,
  open,
  onOpenChange,
  className,
  titleClassName,
  children,
}: AdminDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={className ? `${styles.dialog} ${className}` : styles.dialog}>
          <div className={styles.dialogHeader}>
            <Dialog.Title
              className={
                titleClassName ? `${styles.dialogTitle} ${titleClassName}` : styles.dialogTitle
              }
            >
              {title}
            </Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={closeLabel}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.dialogDescription}>
            {description}
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
