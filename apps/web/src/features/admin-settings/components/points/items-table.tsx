import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertMessage, LoadingMessage } from '@/components/ui/status-message';
import { AdminTable } from '../admin-table';
import shared from '../admin-tab.module.css';
import styles from './points.module.css';

interface ItemsTableProps<Item> {
  /** The list as its query answers it. */
  list: { data: Item[] | undefined; error: unknown; isPending: boolean };
  /** Said in place of the table when the list is empty. */
  empty: string;
  caption: string;
  /** The header cells. */
  columns: ReactNode;
  /** One item's cells, its name first as the row's header. */
  cells: (item: Item) => ReactNode;
  /** The button that adds an item, once the list is read. */
  create?: ReactNode;
}

/**
 * A list of the Points tab (seasons, milestones, a member's badges): its loading, error and empty
 * states, the table of its items, and the button that adds one.
 */
export function ItemsTable<Item extends { _id: string }>({
  list: { data, error, isPending },
  empty,
  caption,
  columns,
  cells,
  create,
}: ItemsTableProps<Item>) {
  const { t } = useTranslation();
  if (error) return <AlertMessage>{t('points_admin.error_fetch')}</AlertMessage>;
  if (isPending || !data) return <LoadingMessage shape="table" />;
  return (
    <>
      {data.length === 0 ? (
        <p className={shared.placeholder} role="status">
          {empty}
        </p>
      ) : (
        <div className={styles.itemsTable}>
          <AdminTable caption={caption} noWrap columns={columns}>
            {data.map((item) => (
              <tr key={item._id}>{cells(item)}</tr>
            ))}
          </AdminTable>
        </div>
      )}
      {create && <div className={styles.sectionActions}>{create}</div>}
    </>
  );
}
