import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactElement, ReactNode, RefObject } from 'react';
import styles from './dialog.module.css';

interface DialogProps {
  /** The button that opens the dialog; the focus goes back to it when the dialog closes. */
  trigger: ReactElement;
  /** The dialog's accessible name. */
  title: ReactNode;
  /** Read with the title when the dialog opens. */
  description: ReactNode;
  /** The close button's accessible name (it shows an icon only); no close button without it. */
  closeLabel?: string | undefined;
  /** Set with onOpenChange for a dialog that its content closes, as a form does once saved. */
  open?: boolean | undefined;
  onOpenChange?: ((open: boolean) => void) | undefined;
  /**
   * `alertdialog` asks before an action that cannot be undone: a click outside does not close it,
   * only Escape or its buttons do.
   */
  role?: 'dialog' | 'alertdialog';
  /** The control focused when the dialog opens; the first focusable one otherwise. */
  initialFocus?: RefObject<HTMLElement | null> | undefined;
  /** Added to the dialog's class, for a dialog sized its own way. */
  className?: string | undefined;
  /** Added to the title's class. */
  titleClassName?: string | undefined;
  /** The dialog's body, mounted only while it is open. */
  children?: ReactNode;
  /** The buttons at the foot of the dialog, when the body is not a form with its own. */
  actions?: ReactNode;
}

/**
 * The one modal dialog of the app (docs/decisions/062-one-dialog-one-form-helper.md): a title
 * that names it, an optional close button, a description, the body, then the actions. The focus
 * stays inside while it is open, starts on `initialFocus` or the first control, and goes back to
 * the trigger once it closes; Escape closes it.
 */
export function Dialog({
  trigger,
  title,
  description,
  closeLabel,
  open,
  onOpenChange,
  role = 'dialog',
  initialFocus,
  className,
  titleClassName,
  children,
  actions,
}: DialogProps) {
  const asking = role === 'alertdialog';
  const keepOpen = asking ? (event: Event) => event.preventDefault() : undefined;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          role={role}
          className={className ? `${styles.dialog} ${className}` : styles.dialog}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus({ preventScroll: true });
          }}
        >
          <div className={styles.header}>
            <RadixDialog.Title
              className={[
                styles.title,
                closeLabel === undefined && styles.titleAlone,
                titleClassName,
              ]
                .filter(Boolean)
                .join(' ')}
            >
              {title}
            </RadixDialog.Title>
            {closeLabel !== undefined && (
              <RadixDialog.Close className="icon-button" aria-label={closeLabel}>
                <X size={20} aria-hidden="true" />
              </RadixDialog.Close>
            )}
          </div>
          <RadixDialog.Description className={styles.description}>
            {description}
          </RadixDialog.Description>
          {children}
          {actions !== undefined && <div className={styles.actions}>{actions}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button inside a dialog that closes it, such as Cancel. */
export const DialogClose = RadixDialog.Close;
