import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_ICON_NAMES, TeamIcon, isTeamIconName } from '@/components/ui/team-icon';
import { FieldError } from '@/components/ui/text-field';
import styles from './teams.module.css';

interface IconPickerProps {
  value: string;
  error: string | undefined;
  onChange: (icon: string) => void;
}

/**
 * The team's icon, one of a fixed set, as a group of radio buttons (arrow keys move between
 * them). An icon set by other means stays offered, under its raw name.
 */
export function IconPicker({ value, error, onChange }: IconPickerProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const names: string[] = [...TEAM_ICON_NAMES];
  if (value && !isTeamIconName(value)) names.push(value);

  return (
    <fieldset className={styles.iconField} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.fieldLegend}>
        {t('admin_settings.teams.form.icon')}
        <span className={styles.required} aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className={styles.iconGrid}>
        {names.map((name) => (
          <label key={name} className={styles.iconOption}>
            <input
              type="radio"
              name="icon"
              value={name}
              required
              checked={value === name}
              aria-invalid={error ? true : undefined}
              onChange={() => onChange(name)}
            />
            <TeamIcon name={name} size={22} />
            <span className={styles.iconName}>
              {isTeamIconName(name) ? t(`teams.icons.${name}`) : name}
            </span>
          </label>
        ))}
      </div>
      {error && <FieldError id={errorId} message={error} />}
    </fieldset>
  );
}
