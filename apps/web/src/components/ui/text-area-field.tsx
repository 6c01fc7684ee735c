import type { ComponentProps } from 'react';
import { FieldFrame } from './text-field';

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
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      required={required}
      describedBy={describedBy}
    >
      {(control) => <textarea {...control} {...textareaProps} />}
    </FieldFrame>
  );
}
