import type { UseMutationResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { useApiErrorText } from '@/lib/api-error-text';

/** What a row's delete button says, in the reader's language, of the item it deletes. */
export interface DeleteTexts {
  /** The icon button's accessible name. */
  label: string;
  question: string;
  description: string;
  deleted: string;
  failed: string;
}

/** A row's delete button: it asks first, then deletes and says how it went. */
export function DeleteRowButton({
  id,
  remove,
  texts,
}: {
  id: string;
  remove: UseMutationResult<unknown, Error, string>;
  texts: DeleteTexts;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useApiErrorText();

  return (
    <ConfirmDialog
      title={texts.question}
      description={texts.description}
      confirmLabel={t('points_admin.delete_action')}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => toast.success(texts.deleted),
          onError: (error) => toast.error(texts.failed, describe(error)),
        })
      }
    >
      <button
        type="button"
        className="icon-button"
        aria-label={texts.label}
        disabled={remove.isPending}
      >
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </ConfirmDialog>
  );
}
