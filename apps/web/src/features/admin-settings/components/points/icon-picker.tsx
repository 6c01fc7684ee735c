import { MILESTONE_ICONS, type MilestoneIcon as MilestoneIconName } from '@guildhall/contract';
import { useTranslation } from 'react-i18next';
import { MilestoneIcon } from '@/components/points/milestone-icon';
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
