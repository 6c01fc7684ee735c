import { type FormEventHandler, type ReactElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/toast';
import { Dialog } from '@/components/ui/dialog';
import shared from '../admin-tab.module.css';

/**
 * A form of the Points tab in a modal dialog (a season, a milestone, a badge): it closes once the
 * form has saved, and says so.
 */
export function FormDialog<Saved>({
  trigger,
  title,
  description,
  savedText,
  children,
}: {
  /** The button that opens it; the focus goes back to it once it closes. */
  trigger: ReactElement;
  title: string;
  description: string;
  savedText: (saved: Saved) => string;
  /** The form, given what to do once saved. */
  children: (onSaved: (saved: Saved) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);

  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      closeLabel={t('points_admin.close')}
    >
      {children((saved) => {
        setOpen(false);
        toast.success(savedText(saved));
      })}
    </Dialog>
  );
}

/** The frame of such a form: the required note, its fields, why saving failed, and Save. */
export function DialogForm({
  onSubmit,
  failure,
  pending,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  failure: string | undefined;
  pending: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form className={shared.form} noValidate onSubmit={onSubmit}>
      <p className={shared.note}>{t('forms.required_note')}</p>
      {children}
      {failure && <AlertMessage>{failure}</AlertMessage>}
      <div className={shared.formActions}>
        <button type="submit" className="button button-primary" disabled={pending}>
          {t('points_admin.save')}
        </button>
      </div>
    </form>
  );
}
