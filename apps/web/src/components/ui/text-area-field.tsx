import { type ComponentProps, useId } from 'react';
import styles from './field.module.css';
import { FieldError, FieldLabel } from './text-field';

interface TextAreaFieldProps extends Omit<
  ComponentProps<'textarea'>,
  'id' | 'className' | 'aria-invalid' | 'aria-describedby'
> {
  label: string;
  /** Said once the field was checked and found wrong; it marks the field invalid. */
  error?: string | undefined;
  /** A permanent explanation under the field, such as what it accepts. */
  hint?: string | undefined;
  /** Ids of other elements that describe the field, read after the hint. */
  describedBy?: string | undefined;
}

/** A labelled textarea, with a hint and an error read with it, as TextField does for inputs. */
export function TextAreaField({
  label,
  error,
  hint,
  describedBy,
  required,
  ...textareaProps
}: TextAreaFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const described = [hint && hintId, describedBy, error && errorId].filter(Boolean).join(' ');

  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <textarea
        id={inputId}
        className={styles.input}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...textareaProps}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}
