import type { MemberSelection } from '@guildhall/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { ErrorMessage, LoadingMessage } from '@/components/ui/status-message';
import { useApiErrorText } from '@/lib/api-error-text';
import { itemsOf } from '@/lib/paging';
import { useUsers } from '../api/get-users';
import { MemberCsvActions } from '../components/csv/member-csv-actions';
import { BulkMembership } from '../components/list/bulk-membership';
import { ColumnPicker } from '../components/list/column-picker';
import { useVisibleColumns } from '../components/list/list-columns';
import { UsersListFilters } from '../components/list/users-list-filters';
import styles from '../components/list/users-list.module.css';
import { useUsersListParams } from '../components/list/users-list-params';
import { UsersTable } from '../components/list/users-table';

/** The rows ticked, or every member the filter finds; for one filter (another one starts empty). */
type Chosen = { filterKey: string } & ({ ids: ReadonlySet<string> } | { all: true });

/**
 * `/users/list` (admins): the members, a page and more on demand (decision 061), with filters,
 * sorts and chosen columns, how many members the filter finds, and bulk changes of membership for
 * the rows ticked or the whole filter.
 */
export function UsersListPage() {
  const { t } = useTranslation();
  const describe = useApiErrorText();
  const { query, update } = useUsersListParams();
  const { visible, toggle } = useVisibleColumns();
  const list = useUsers(query);
  const { data, error, isPending, isPlaceholderData, isFetching } = list;
  const members = useMemo(() => itemsOf(data), [data]);
  // How many members the filter finds: the latest page's count.
  const total = data?.pages.at(-1)?.total;
  const filterKey = JSON.stringify([query.role ?? null, query.q]);
  const [stored, setChosen] = useState<Chosen>({ filterKey, ids: new Set() });
  const chosen: Chosen = stored.filterKey === filterKey ? stored : { filterKey, ids: new Set() };
  const isSelected = (id: string) => 'all' in chosen || chosen.ids.has(id);
  const select = (ids: string[], selected: boolean) => {
    // Unticking a row of the whole filter keeps the page's other rows ticked.
    const before = 'all' in chosen ? members.map((member) => member._id) : chosen.ids;
    const next = new Set(before);
    for (const id of ids) {
      if (selected) next.add(id);
      else next.delete(id);
    }
    setChosen({ filterKey, ids: next });
  };
  const selection: MemberSelection | undefined =
    'all' in chosen
      ? total !== undefined
        ? {
            filter: { ...(query.role && { role: query.role }), ...(query.q && { q: query.q }) },
            expected: total,
          }
        : undefined
      : chosen.ids.size > 0
        ? { ids: [...chosen.ids] }
        : undefined;
  const selectedCount = 'all' in chosen ? (total ?? 0) : chosen.ids.size;
  const shownAllTicked = members.length > 0 && members.every((member) => isSelected(member._id));

  return (
    <>
      <PageHeader
        title={t('pages.users_list.title')}
        description={t('pages.users_list.description')}
      />
      <div className={styles.toolbar}>
        <UsersListFilters query={query} onFilter={update} />
        <ColumnPicker visible={visible} onToggle={toggle} />
        <MemberCsvActions />
      </div>
      {selection && (
        <BulkMembership
          selection={selection}
          count={selectedCount}
          canSelectAll={
            !('all' in chosen) && shownAllTicked && total !== undefined && total > chosen.ids.size
              ? { total, onSelectAll: () => setChosen({ filterKey, all: true }) }
              : undefined
          }
          onClear={() => setChosen({ filterKey, ids: new Set() })}
        />
      )}
      {error && <ErrorMessage message={describe(error)} />}
      {isPending ? (
        <LoadingMessage shape="table" />
      ) : (
        total !== undefined && (
          <>
            {total > 0 && (
              <UsersTable
                users={members}
                columns={visible}
                sort={query.sort}
                onSort={(sort) => update({ sort })}
                isUpdating={isFetching && isPlaceholderData}
                isSelected={isSelected}
                onSelect={select}
              />
            )}
            <p
              className={`${styles.status} ${total === 0 ? `card ${styles.empty}` : ''}`}
              role="status"
            >
              {total === 0
                ? t('users.list.empty')
                : t('users.list.showing', { from: 1, to: members.length, total })}
            </p>
            <Pager query={list} />
          </>
        )
      )}
    </>
  );
}
