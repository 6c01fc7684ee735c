import { FolderOpen } from 'lucide-react';
import { type ChangeEvent, type Ref, useId } from 'react';
import styles from './file-picker.module.css';
import { FieldError } from './text-field';

interface FilePickerProps {
  /** The field's name, above the picker. */
  label: string;
  /** The button's text ("Parcourir..."). */
  browseLabel: string;
  /** What is chosen: "No file chosen", or the file's name. */
  status: string;
  hint: string;
  error?: string;
  /** The types offered by the file dialog, as `<input accept>` takes them. */
  accept: string;
  name: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A file field in the reader's language. The browser's own picker says "Choose File" in the
 * browser's language: the native input stays, for the keyboard and the file dialog, but out of
 * sight; the label beside it is the button the eyes see, and clicking it opens the same dialog.
 */
export function FilePicker({
  label,
  browseLabel,
  status,
  hint,
  error,
  accept,
  name,
  inputRef,
  onChange,
}: FilePickerProps) {
  const inputId = useId();
  const labelId = useId();
  const statusId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
      </span>
      <div className={styles.picker}>
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="file"
          accept={accept}
          className={`visually-hidden ${styles.fileInput}`}
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={[statusId, hintId, error && errorId].filter(Boolean).join(' ')}
          onChange={onChange}
        />
        <label htmlFor={inputId} className={`button ${styles.browse}`}>
          <FolderOpen size={18} aria-hidden="true" />
          {browseLabel}
        </label>
        <span id={statusId} className={styles.fileName}>
          {status}
        </span>
      </div>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}
