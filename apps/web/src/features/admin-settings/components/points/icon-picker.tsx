import { MILESTONE_ICONS, type MilestoneIcon as MilestoneIconName } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { MilestoneIcon } from '@/components/points/milestone-icon';
import { ColorField } from '../organization/color-field';
import styles from './points.module.css';

/** The icons a milestone or a badge may show, as radio tiles with their names. */
export function IconPicker({
  legend,
  value,
  onChange,
}: {
  legend: string;
  value: MilestoneIconName;
  onChange: (icon: MilestoneIconName) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.iconField}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.iconGrid}>
        {MILESTONE_ICONS.map((name) => (
          <label key={name} className={styles.iconOption}>
            <input
              type="radio"
              name="icon"
              value={name}
              checked={value === name}
              onChange={() => onChange(name)}
            />
            <MilestoneIcon icon={name} size={22} />
            <span>{t(`points_admin.icons.${name}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A form's control of one value: what `useContractForm`'s `bind` gives. */
interface Bound<T> {
  value: T;
  error?: string;
  onChange: (value: T) => void;
}

/** How a milestone or a badge looks: its icon and its colour. */
export function LookFields({
  iconLegend,
  colourLabel,
  icon,
  colour,
}: {
  iconLegend: string;
  colourLabel: string;
  icon: Bound<MilestoneIconName>;
  colour: Bound<string>;
}) {
  return (
    <>
      <IconPicker legend={iconLegend} value={icon.value} onChange={icon.onChange} />
      <ColorField
        name="colour"
        label={colourLabel}
        value={colour.value}
        error={colour.error}
        onChange={colour.onChange}
      />
    </>
  );
}
