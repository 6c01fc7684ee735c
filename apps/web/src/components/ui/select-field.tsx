import { type ComponentProps, useId } from 'react';
import styles from './field.module.css';
import { FieldError, FieldLabel } from './text-field';

interface SelectFieldProps extends Omit<
  ComponentProps<'select'>,
  'id' | 'className' | 'aria-invalid' | 'aria-describedby'
> {
  label: string;
  error?: string | undefined;
}

/** A labelled native select: the options are its children. */
export function SelectField({
  label,
  error,
  required,
  children,
  ...selectProps
}: SelectFieldProps) {
  const selectId = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <FieldLabel htmlFor={selectId} label={label} required={required} />
      <select
        id={selectId}
        className={styles.input}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...selectProps}
      >
        {children}
      </select>
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}
