import { Check, Columns3 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { type Column, COLUMNS } from './list-columns';
import styles from './users-list.module.css';

interface ColumnPickerProps {
  visible: readonly Column[];
  onToggle: (column: Column) => void;
}

/** A menu of checkboxes, one per column; it stays open while the admin ticks several. */
export function ColumnPicker({ visible, onToggle }: ColumnPickerProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="button">
        <Columns3 size={18} />
        {t('users.list.columns')}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6}>
          {COLUMNS.map((column) => (
            <DropdownMenu.CheckboxItem
              key={column}
              className={styles.menuItem}
              checked={visible.includes(column)}
              onCheckedChange={() => onToggle(column)}
              onSelect={(event) => event.preventDefault()}
            >
              <span className={styles.menuCheck}>
                <DropdownMenu.ItemIndicator>
                  <Check size={16} />
                </DropdownMenu.ItemIndicator>
              </span>
              {t(`fields.${column}`)}
            </DropdownMenu.CheckboxItem>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
