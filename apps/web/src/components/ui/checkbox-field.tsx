import { type ComponentProps, useId } from 'react';
import styles from './field.module.css';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'className' | 'type'> {
  label: string;
}

/** A native checkbox with its label beside it. */
export function CheckboxField({ label, ...inputProps }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={styles.checkboxField}>
      <input id={id} type="checkbox" className={styles.checkbox} {...inputProps} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
