import { type ComponentProps, type ReactNode, useId } from 'react';
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
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required}>
      {(control) => <input {...control} {...inputProps} />}
    </FieldFrame>
  );
}

/** What a labelled control receives from its frame: its id, and what describes it. */
export interface FieldControlProps {
  id: string;
  className: string | undefined;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The label, hint and error around a form control, wired to it: every field of the app has the
 * same frame, whatever its control.
 */
export function FieldFrame({
  label,
  error,
  hint,
  required,
  describedBy,
  children,
}: {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean | undefined;
  /** Ids of other elements that describe the control. */
  describedBy?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const described = [hint && hintId, describedBy, error && errorId].filter(Boolean).join(' ');

  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      {children({
        id: inputId,
        className: styles.input,
        required,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
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
