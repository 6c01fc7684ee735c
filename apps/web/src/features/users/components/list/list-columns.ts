import type { UserSortField } from '@guildhall/contract';
import { useState } from 'react';

/** The columns an admin can show or hide; the pseudo is always shown. */
export const COLUMNS = [
  'name',
  'surname',
  'birthday',
  'role',
  'team',
  'created_at',
  'discord',
  'twitter',
  'twitch',
  'riot',
  'epic',
  'address',
  'zip_code',
  'town',
  'country',
] as const;
export type Column = (typeof COLUMNS)[number];

/** Specification, section 9. */
export const DEFAULT_COLUMNS: readonly Column[] = [
  'name',
  'surname',
  'birthday',
  'role',
  'team',
  'created_at',
];

/** Columns the server can sort by. */
export const SORT_FIELDS: Partial<Record<Column | 'pseudo', UserSortField>> = {
  pseudo: 'pseudo',
  name: 'name',
  surname: 'surname',
  birthday: 'birthday',
  role: 'role',
  created_at: 'created_at',
};

export const COLUMNS_STORAGE_KEY = 'guildhall.users-list.columns';

function readStoredColumns(): readonly Column[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(COLUMNS_STORAGE_KEY) ?? 'null');
    if (!Array.isArray(stored)) return DEFAULT_COLUMNS;
    return COLUMNS.filter((column) => stored.includes(column));
  } catch {
    // Unreadable or disabled storage: the defaults.
    return DEFAULT_COLUMNS;
  }
}

function storeColumns(columns: readonly Column[]): void {
  try {
    localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(columns));
  } catch {
    // Without storage the choice lasts until the page is reloaded.
  }
}

/** The columns shown, in their fixed order; the choice outlives the visit. */
export function useVisibleColumns() {
  const [visible, setVisible] = useState(readStoredColumns);

  function toggle(column: Column) {
    const next = COLUMNS.filter((known) =>
      known === column ? !visible.includes(column) : visible.includes(known),
    );
    setVisible(next);
    storeColumns(next);
  }

  return { visible, toggle };
}
