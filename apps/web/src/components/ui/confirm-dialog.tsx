import { type ReactElement, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './confirm-dialog.module.css';
import { Dialog, DialogClose } from './dialog';

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
 * (docs/deviations.md): the app's one dialog as an `alertdialog`. Focus starts on Cancel, so that
 * a hurried Enter does no harm; Escape cancels, a click outside does not.
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
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      role="alertdialog"
      trigger={children}
      title={title}
      description={description}
      initialFocus={cancel}
      className={styles.dialog}
      actions={
        <>
          <DialogClose ref={cancel} className="button">
            {cancelLabel ?? t('confirm.cancel')}
          </DialogClose>
          <DialogClose className="button button-danger" onClick={onConfirm}>
            {confirmLabel}
          </DialogClose>
        </>
      }
    />
  );
}
