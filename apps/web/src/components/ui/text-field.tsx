import { type ComponentProps, useId } from 'react';
import styles from './field.module.css';

interface TextFieldProps extends Omit<
  ComponentProps<'input'>,
  'id' | 'className' | 'aria-invalid' | 'aria-describedby'
> {
  label: string;
  /** Said once the field was checked and found wrong; it marks the field invalid. */
  error?: string | undefined;
  /** A permanent explanation under the field, such as the expected format. */
  hint?: string | undefined;
}

/**
 * A labelled input. A required field shows an asterisk (the `required` attribute tells screen
 * readers); the hint and the error are read with the field.
 */
export function TextField({ label, error, hint, required, ...inputProps }: TextFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(' ');

  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <input
        id={inputId}
        className={styles.input}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...inputProps}
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

/** A field's label, with the asterisk of a required field (hidden from screen readers). */
export function FieldLabel({
  htmlFor,
  label,
  required,
}: {
  htmlFor: string;
  label: string;
  required?: boolean | undefined;
}) {
  return (
    <label className={styles.label} htmlFor={htmlFor}>
      {label}
      {required && (
        <span className={styles.required} aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}

/** What is wrong with a field; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className={styles.error}>
      {message}
    </p>
  );
}
