import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame } from '@/components/ui/text-field';
import styles from './passwords.module.css';

interface SecretFieldProps extends Omit<
  ComponentProps<'input'>,
  'id' | 'className' | 'type' | 'aria-invalid' | 'aria-describedby'
> {
  label: string;
  error?: string | undefined;
}

/**
 * A password input with a button that shows what was typed, to check it before saving; it is
 * masked again each time the form opens.
 */
export function SecretField({ label, error, required, ...inputProps }: SecretFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame label={label} error={error} required={required}>
      {(control) => (
        <span className={styles.secret}>
          <input {...control} {...inputProps} type={visible ? 'text' : 'password'} />
          <button
            type="button"
            className="icon-button"
            aria-label={t('admin_settings.passwords.form.show_password')}
            aria-pressed={visible}
            onClick={() => setVisible(!visible)}
          >
            {visible ? (
              <EyeOff size={18} aria-hidden="true" />
            ) : (
              <Eye size={18} aria-hidden="true" />
            )}
          </button>
        </span>
      )}
    </FieldFrame>
  );
}
