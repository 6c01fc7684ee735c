import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import styles from './toast.module.css';

export interface ToastMessage {
  variant: 'success' | 'error';
  title: string;
  /** A second line, such as the reason the server gave. */
  description?: string | undefined;
  /** What the toast is about: a later toast about the same thing replaces it. */
  topic?: string | undefined;
}

/** How long a toast stays, unless the pointer or the focus rests on it. */
const SUCCESS_DURATION_MS = 5_000;
const ERROR_DURATION_MS = 8_000;

interface ToastRegionProps {
  toasts: (ToastMessage & { id: number })[];
  onDismiss: (id: number) => void;
}

/**
 * Where toasts show, bottom right; F8 moves the focus there. Radix announces each toast through a
 * live region of its own: politely for a success (as role status would), at once for an error (as
 * role alert would).
 */
export function ToastRegion({ toasts, onDismiss }: ToastRegionProps) {
  const { t } = useTranslation();
  return (
    <Toast.Provider label={t('toast.label')}>
      {toasts.map(({ id, variant, title, description }) => {
        const Icon = variant === 'error' ? CircleAlert : CircleCheck;
        return (
          <Toast.Root
            key={id}
            className={styles.toast}
            data-variant={variant}
            type={variant === 'error' ? 'foreground' : 'background'}
            duration={variant === 'error' ? ERROR_DURATION_MS : SUCCESS_DURATION_MS}
            onOpenChange={(open) => {
              if (!open) onDismiss(id);
            }}
          >
            <Icon className={styles.icon} size={20} />
            <div className={styles.text}>
              <Toast.Title className={styles.title}>{title}</Toast.Title>
              {description && (
                <Toast.Description className={styles.description}>{description}</Toast.Description>
              )}
            </div>
            <Toast.Close className="icon-button" aria-label={t('toast.close')}>
              <X size={18} />
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className={styles.viewport} label={t('toast.viewport_label')} />
    </Toast.Provider>
  );
}
