import { colorSchema } from '@guildhall/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import styles from './organization.module.css';

interface ColorFieldProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}

/**
 * A colour as a colour picker and as its `#rrggbb` text, kept in step: the picker for the eye, the
 * text for a value copied from a brand guide (and for keyboards and screen readers).
 */
export function ColorField({ name, label, value, error, onChange }: ColorFieldProps) {
  const { t } = useTranslation();
  // The picker only takes a complete colour: it keeps the last one while the text is typed.
  const typed = value.trim().toLowerCase();
  const [pickerValue, setPickerValue] = useState(() =>
    colorSchema.safeParse(typed).success ? typed : '#000000',
  );
  if (typed !== pickerValue && colorSchema.safeParse(typed).success) setPickerValue(typed);

  return (
    <div className={styles.colorField}>
      <input
        type="color"
        className={styles.colorPicker}
        aria-label={t('organization_settings.color_picker', { field: label })}
        value={pickerValue}
        onChange={(event) => onChange(event.target.value)}
      />
      <TextField
        name={name}
        label={label}
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={7}
        hint={t('organization_settings.color_hint')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
    </div>
  );
}
