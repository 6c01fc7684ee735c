import { AlertDialog } from 'radix-ui';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './confirm-dialog.module.css';

interface ConfirmDialogProps {
  /** The button that opens the dialog; the focus goes back to it when the dialog closes. */
  children: ReactElement;
  /** The question asked, such as 'Êtes-vous sûr de vouloir supprimer cet utilisateur ?'. */
  title: string;
  /** What happens if the reader confirms. */
  description: string;
  /** The confirming button's text: the action itself ("Supprimer"), never a bare "OK". */
  confirmLabel: string;
  /** The dismissing button's text when "Annuler" would read like the action (cancelling a date). */
  cancelLabel?: string;
  onConfirm: () => void;
}

/**
 * Asks before an action that cannot be undone, in place of window.confirm
 * (docs/deviations.md). Focus starts on Cancel, so that a hurried Enter does no harm; Escape cancels.
 */
export function ConfirmDialog({
  children,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>{children}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title className={styles.title}>{title}</AlertDialog.Title>
          <AlertDialog.Description className={styles.description}>
            {description}
          </AlertDialog.Description>
          <div className={styles.actions}>
            <AlertDialog.Cancel className="button">
              {cancelLabel ?? t('confirm.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action className="button button-danger" onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
